import { z } from 'zod';

import type { ApiClient, RequestOptions } from '@/lib/api';
import { ApiError, isApiError } from '@/lib/api';

import { folderSchema, MANUSCRIPT_CHILDREN, manuscriptSchema } from './entities';
import type { Folder, Manuscript, ManuscriptChild, ShelfKind } from './entities';
import { entityRoute } from './entity-kinds';
import type { EntityKind, PendingOp } from './entity-kinds';
import {
  chapterContentSchema,
  noteSchema,
  todoSchema,
  WIRE_SCHEMAS,
  wordCountSchema,
  writingSessionSchema,
} from './wire.generated';

/** A row as sent: its wire fields, without the local marks. */
export type WireRow = { id: string } & Record<string, unknown>;

/**
 * A row as the server answers it (ADR 0007): what the sync engine reads of every kind. Each
 * answer is checked by its kind's generated validator (`answerSchemaOf`).
 */
export type ServerRow = { id: string; updated_at: number } & Record<string, unknown>;

/** The validator of a kind's answer: the shelf's reading of folders and manuscripts, else the
 * kind's generated one. */
function answerSchemaOf(kind: EntityKind): z.ZodType<ServerRow> {
  if (kind === 'folders') return folderSchema;
  if (kind === 'manuscripts') return manuscriptSchema;
  return WIRE_SCHEMAS[kind];
}

/** `GET manuscripts/{id}`: the manuscript with the live rows of each of its parts. */
export const manuscriptTreeSchema = manuscriptSchema.extend(
  Object.fromEntries(
    MANUSCRIPT_CHILDREN.map((key) => [key, z.array(answerSchemaOf(key)).optional()]),
  ) as Record<ManuscriptChild, z.ZodOptional<z.ZodArray<z.ZodType<ServerRow>>>>,
);
export type ManuscriptTree = z.infer<typeof manuscriptTreeSchema>;

/** One answer of `POST manuscripts/multiple`. */
export interface MultipleItem {
  id: string;
  /** `success`, `not_found` or `not_authorized`. */
  status: string;
  manuscript?: ManuscriptTree | null;
}

const multipleSchema = z.array(
  z.object({ id: z.string(), status: z.string(), manuscript: manuscriptTreeSchema.nullish() }),
);

/** The server calls the local store syncs with (ADR 0007), behind an interface for tests. */
export interface ShelfRemote {
  /** `PUT {kind}/put/{id}` (or the kind's own route): the row as stored, possibly newer. */
  put(kind: EntityKind, row: WireRow, signal?: AbortSignal): Promise<ServerRow>;
  /** `DELETE {kind}/{id}`: into the trash (a folder's children move up). */
  softDelete(kind: EntityKind, id: string, signal?: AbortSignal): Promise<void>;
  /** `GET {kind}/undelete/{id}`. */
  undelete(kind: EntityKind, id: string, signal?: AbortSignal): Promise<void>;
  /** `DELETE {kind}/{id}?hard_delete=true`. */
  hardDelete(kind: EntityKind, id: string, signal?: AbortSignal): Promise<void>;
  /** `POST {kind}/recover_all {ids}`. */
  recoverAll(kind: ShelfKind, ids: readonly string[]): Promise<void>;
  /** `POST {kind}/delete_all {ids}`. */
  deleteAll(kind: ShelfKind, ids: readonly string[]): Promise<void>;
  /** `GET {kind}?deleted=…`: the live rows, or the trash. */
  list(kind: 'folders', deleted: boolean): Promise<Folder[]>;
  list(kind: 'manuscripts', deleted: boolean): Promise<Manuscript[]>;
  list(kind: ShelfKind, deleted: boolean): Promise<(Folder | Manuscript)[]>;
  /** `GET manuscripts/{id}`: the manuscript with its rows. */
  manuscript(id: string): Promise<ManuscriptTree>;
  /** `POST manuscripts/multiple {ids}`: each with its status. */
  multiple(ids: readonly string[]): Promise<MultipleItem[]>;
  /** `GET manuscripts/shared_with_me`: others' manuscripts shared with the user. */
  sharedWithMe(): Promise<Manuscript[]>;
  /** `GET chapters/content/{id}`: the chapter's content row, `null` when none was saved. */
  chapterContent(chapterId: string): Promise<ServerRow | null>;
  /** `GET notes/global`: the user's notes outside any manuscript (Quick Notes), live. */
  globalNotes(): Promise<ServerRow[]>;
  /** `GET to_dos/global`: the user's to-dos outside any manuscript (the global list), live. */
  globalTodos(): Promise<ServerRow[]>;
  /** `GET stats_word_counts`: the user's hourly word counts of every manuscript and device. */
  wordCounts(): Promise<ServerRow[]>;
  /** `GET writing_sessions`: the user's writing sessions of every manuscript and device. */
  writingSessions(): Promise<ServerRow[]>;
  /** `POST manuscripts/copy {id, title, new_id}`: the copy, with its children. */
  copyManuscript(body: { id: string; title: string; new_id: string }): Promise<Manuscript>;
  /** `POST templates/use/{id} {id, title, folder_id}`: the new manuscript, with its children. */
  useTemplate(
    templateId: string,
    body: { id: string; title: string; folder_id: string | null },
  ): Promise<Manuscript>;
  /** `GET server_time`. */
  serverTime(): Promise<number>;
  /** `POST actions/multiple/ {actions}`: one batch of action logs. */
  sendActions(actions: readonly unknown[]): Promise<void>;
}

/** A route the kind does not have: refused like the server refuses (dropped, reported). */
function noRoute(kind: EntityKind, op: PendingOp): never {
  throw new ApiError(`${kind}_cannot_${op}`, 'failed', 405);
}

/**
 * The header naming the device a change comes from. The server's announcement of the change
 * names that device, which then ignores it (it already has the change) while every other
 * device reloads.
 */
export const DEVICE_HEADER = 'X-Device-Id';

/** The remote over `api`; the changes it sends name `deviceId` (see `DEVICE_HEADER`). */
export function createHttpRemote(api: ApiClient, deviceId?: string): ShelfRemote {
  const headers = deviceId === undefined ? undefined : { [DEVICE_HEADER]: deviceId };
  /** A call that changes something on the server. */
  function change<T>(path: string, options: Omit<RequestOptions<T>, 'headers'>): Promise<T> {
    return api.request(path, { ...options, headers });
  }
  async function call(kind: EntityKind, op: PendingOp, row: WireRow, signal?: AbortSignal) {
    const route = entityRoute(kind, op, row.id);
    if (!route) noRoute(kind, op);
    const schema = op === 'put' ? answerSchemaOf(kind) : z.unknown();
    return change(route.path, {
      method: route.method,
      query: route.query,
      body: op === 'put' ? (route.body ? route.body(row) : row) : undefined,
      schema,
      signal,
    });
  }
  const remote = {
    put: (kind: EntityKind, row: WireRow, signal?: AbortSignal) =>
      call(kind, 'put', row, signal) as Promise<ServerRow>,
    async softDelete(kind: EntityKind, id: string, signal?: AbortSignal) {
      await call(kind, 'delete', { id }, signal);
    },
    async undelete(kind: EntityKind, id: string, signal?: AbortSignal) {
      await call(kind, 'undelete', { id }, signal);
    },
    async hardDelete(kind: EntityKind, id: string, signal?: AbortSignal) {
      await call(kind, 'hard_delete', { id }, signal);
    },
    async recoverAll(kind: ShelfKind, ids: readonly string[]) {
      await change(`/${kind}/recover_all`, { method: 'POST', body: { ids }, schema: z.unknown() });
    },
    async deleteAll(kind: ShelfKind, ids: readonly string[]) {
      await change(`/${kind}/delete_all`, { method: 'POST', body: { ids }, schema: z.unknown() });
    },
    list: (kind: ShelfKind, deleted: boolean) =>
      api.get(`/${kind}`, z.array(kind === 'folders' ? folderSchema : manuscriptSchema), {
        deleted,
      }),
    manuscript: (id: string) =>
      api.get(`/manuscripts/${encodeURIComponent(id)}`, manuscriptTreeSchema),
    multiple: (ids: readonly string[]) =>
      api.post('/manuscripts/multiple', { ids }, multipleSchema),
    sharedWithMe: () => api.get('/manuscripts/shared_with_me', z.array(manuscriptSchema)),
    chapterContent: (chapterId: string) =>
      api.get(
        `/chapters/content/${encodeURIComponent(chapterId)}`,
        chapterContentSchema.nullable(),
      ),
    globalNotes: () => api.get('/notes/global', z.array(noteSchema)),
    globalTodos: () => api.get('/to_dos/global', z.array(todoSchema)),
    wordCounts: () => api.get('/stats_word_counts', z.array(wordCountSchema)),
    writingSessions: () => api.get('/writing_sessions', z.array(writingSessionSchema)),
    copyManuscript: (body: { id: string; title: string; new_id: string }) =>
      change('/manuscripts/copy', { method: 'POST', body, schema: manuscriptSchema }),
    useTemplate: (
      templateId: string,
      body: { id: string; title: string; folder_id: string | null },
    ) =>
      change(`/templates/use/${encodeURIComponent(templateId)}`, {
        method: 'POST',
        body,
        schema: manuscriptSchema,
      }),
    serverTime: () =>
      api
        .get('/server_time', z.object({ server_time: z.number() }))
        .then((answer) => answer.server_time),
    async sendActions(actions: readonly unknown[]) {
      await api.post('/actions/multiple/', { actions }, z.unknown());
    },
  };
  return remote as ShelfRemote;
}

/**
 * Whether a failed call should be tried again later (the change stays pending): no answer,
 * a server failure, or a refusal about the session rather than the change.
 */
export function isRetryable(error: unknown): boolean {
  // Not an answer of the API (a bug, an abort): keep the change rather than lose it.
  if (!isApiError(error)) return true;
  if (error.kind !== 'failed') return true;
  return [401, 403, 408, 429].includes(error.status) || error.status >= 500;
}
