import { z } from 'zod';

import { api } from '@/lib/api';

/** A version name's limit (server: at most 255 characters). */
export const VERSION_NAME_MAX = 255;

/** One version as the chapter's listing answers it: without its text. */
export const versionSummarySchema = z.object({
  id: z.string().min(1),
  chapter_id: z.string().nullish(),
  name: z
    .string()
    .nullish()
    .transform((name) => name ?? ''),
  words: z
    .number()
    .nullish()
    .transform((words) => words ?? 0),
  automatic: z
    .boolean()
    .nullish()
    .transform((automatic) => automatic ?? false),
  created_at: z.number(),
  updated_at: z.number(),
});

export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** One version with its text (`get`, `add`). */
export const versionSchema = versionSummarySchema.extend({
  content: z
    .string()
    .nullish()
    .transform((content) => content ?? ''),
});

export type Version = z.infer<typeof versionSchema>;

const trueSchema = z.literal(true);
const restoredSchema = z.looseObject({ content: z.string().nullish() });

/** `GET chapter_versions/chapter/{id}`: the chapter's versions, newest first. */
export function fetchVersions(chapterId: string): Promise<VersionSummary[]> {
  return api.get(
    `/chapter_versions/chapter/${encodeURIComponent(chapterId)}`,
    z.array(versionSummarySchema),
  );
}

/** `GET chapter_versions/get/{id}`: one version with its text. */
export function fetchVersion(id: string): Promise<Version> {
  return api.get(`/chapter_versions/get/${encodeURIComponent(id)}`, versionSchema);
}

/** `POST chapter_versions/add`: keeps the chapter's current text as a named version. */
export function addVersion(chapterId: string, name: string): Promise<Version> {
  return api.post('/chapter_versions/add', { chapter_id: chapterId, name }, versionSchema);
}

/** `PUT chapter_versions/update/{id}`: renames a version (last writer wins by `updated_at`). */
export function renameVersion(id: string, name: string): Promise<VersionSummary> {
  return api.put(
    `/chapter_versions/update/${encodeURIComponent(id)}`,
    { name, updated_at: Date.now() },
    versionSummarySchema,
  );
}

/** `DELETE chapter_versions/delete/{id}`: puts a version in the trash. */
export async function deleteVersion(id: string): Promise<void> {
  await api.delete(`/chapter_versions/delete/${encodeURIComponent(id)}`, trueSchema);
}

/**
 * `POST chapter_versions/copy/{id}`: restores a version as a new edit of the chapter (the
 * server keeps the replaced text as an automatic version first). Open editors receive the
 * restored text through the chapter's document.
 */
export async function restoreVersion(id: string): Promise<void> {
  await api.post(`/chapter_versions/copy/${encodeURIComponent(id)}`, {}, restoredSchema);
}
