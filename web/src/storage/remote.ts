import { z } from 'zod';

import type { ApiClient } from '@/lib/api';
import { isApiError } from '@/lib/api';

import { folderSchema, manuscriptSchema } from './entities';
import type { Folder, Manuscript, ShelfKind } from './entities';

/** The server calls behind the manuscripts list (ADR 0007), as the storage port needs them. */
export interface ShelfRemote {
  /** `PUT {kind}/put/{id}`: the row as stored (possibly a newer one: last writer wins). */
  put(kind: 'folders', row: WireRow): Promise<Folder>;
  put(kind: 'manuscripts', row: WireRow): Promise<Manuscript>;
  put(kind: ShelfKind, row: WireRow): Promise<Folder | Manuscript>;
  /** `DELETE {kind}/{id}`: into the trash (a folder's children move up). */
  softDelete(kind: ShelfKind, id: string): Promise<void>;
  /** `GET {kind}/undelete/{id}`. */
  undelete(kind: ShelfKind, id: string): Promise<void>;
  /** `DELETE {kind}/{id}?hard_delete=true`. */
  hardDelete(kind: ShelfKind, id: string): Promise<void>;
  /** `POST {kind}/recover_all {ids}`. */
  recoverAll(kind: ShelfKind, ids: readonly string[]): Promise<void>;
  /** `POST {kind}/delete_all {ids}`. */
  deleteAll(kind: ShelfKind, ids: readonly string[]): Promise<void>;
  /** `GET {kind}?deleted=…`: the live rows, or the trash. */
  list(kind: 'folders', deleted: boolean): Promise<Folder[]>;
  list(kind: 'manuscripts', deleted: boolean): Promise<Manuscript[]>;
  list(kind: ShelfKind, deleted: boolean): Promise<(Folder | Manuscript)[]>;
  /** `POST manuscripts/copy {id, title, new_id}`: the copy, with its children. */
  copyManuscript(body: { id: string; title: string; new_id: string }): Promise<Manuscript>;
  /** `POST templates/use/{id} {id, title, folder_id}`: the new manuscript, with its children. */
  useTemplate(
    templateId: string,
    body: { id: string; title: string; folder_id: string | null },
  ): Promise<Manuscript>;
  /** `GET server_time`. */
  serverTime(): Promise<number>;
}

/** A row as sent: its wire fields, without the local marks. */
export type WireRow = { id: string } & Record<string, unknown>;

const schemaOf: Record<ShelfKind, z.ZodType<Folder | Manuscript>> = {
  folders: folderSchema,
  manuscripts: manuscriptSchema,
};

export function createHttpRemote(api: ApiClient): ShelfRemote {
  const path = (kind: ShelfKind, id: string) => `/${kind}/${encodeURIComponent(id)}`;
  const remote = {
    put: (kind: ShelfKind, row: WireRow) =>
      api.put(`/${kind}/put/${encodeURIComponent(row.id)}`, row, schemaOf[kind]),
    async softDelete(kind: ShelfKind, id: string) {
      await api.delete(path(kind, id), z.unknown());
    },
    async undelete(kind: ShelfKind, id: string) {
      await api.get(`/${kind}/undelete/${encodeURIComponent(id)}`, z.unknown());
    },
    async hardDelete(kind: ShelfKind, id: string) {
      await api.delete(path(kind, id), z.unknown(), { hard_delete: true });
    },
    async recoverAll(kind: ShelfKind, ids: readonly string[]) {
      await api.post(`/${kind}/recover_all`, { ids }, z.unknown());
    },
    async deleteAll(kind: ShelfKind, ids: readonly string[]) {
      await api.post(`/${kind}/delete_all`, { ids }, z.unknown());
    },
    list: (kind: ShelfKind, deleted: boolean) =>
      api.get(`/${kind}`, z.array(schemaOf[kind]), { deleted }),
    copyManuscript: (body: { id: string; title: string; new_id: string }) =>
      api.post('/manuscripts/copy', body, manuscriptSchema),
    useTemplate: (
      templateId: string,
      body: { id: string; title: string; folder_id: string | null },
    ) => api.post(`/templates/use/${encodeURIComponent(templateId)}`, body, manuscriptSchema),
    serverTime: () =>
      api
        .get('/server_time', z.object({ server_time: z.number() }))
        .then((answer) => answer.server_time),
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
