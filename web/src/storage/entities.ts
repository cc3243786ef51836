import { z } from 'zod';

import { folderSchema as folderWire, manuscriptSchema as manuscriptWire } from './wire.generated';

/**
 * Folders and manuscripts as the server sends them (ADR 0007 "The entity object on the wire"):
 * the validators generated from the server's types, with the columns the shelf sorts and nests
 * by read as values — a missing name or title is `''`, and a missing parent, like `""`, the
 * root (as the server reads them). The owner and the last device are the server's to set: a
 * row made on this device has neither until the server answers it. Unknown keys are kept, so
 * a row written back carries everything it was given.
 */

const parentId = z
  .string()
  .nullish()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value));

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

const localColumns = {
  folder_id: parentId,
  user_id: z.string().nullish(),
  last_synced_device_id: z.string().nullish(),
};

export const folderSchema = folderWire.extend({ ...localColumns, name: text });
export const manuscriptSchema = manuscriptWire.extend({ ...localColumns, title: text });

export type Folder = z.infer<typeof folderSchema>;
export type Manuscript = z.infer<typeof manuscriptSchema>;

/** The two kinds the manuscripts list shows; the value is the API's path segment. */
export type ShelfKind = 'folders' | 'manuscripts';

/**
 * Arrays a manuscript answer may carry (`GET manuscripts/{id}`, `copy`, `templates/use`): not
 * kept in the manuscript's row. Each key is also the kind of its rows.
 */
export const MANUSCRIPT_CHILDREN = [
  'groups',
  'outlines',
  'chapters',
  'elements',
  'notes',
  'researches',
  'stashes',
  'to_dos',
  'plotboards',
  'element_relationship_boards',
] as const;

export type ManuscriptChild = (typeof MANUSCRIPT_CHILDREN)[number];

/** A manuscript answer without its children, as the listing would give it. */
export function withoutChildren(manuscript: Manuscript): Manuscript {
  const copy: Manuscript = { ...manuscript };
  for (const key of MANUSCRIPT_CHILDREN) Reflect.deleteProperty(copy, key);
  return copy;
}

/** Items stay in the trash for 60 days, then the server purges them. */
export const TRASH_DAYS = 60;
export const DAY_MS = 86_400_000;

/**
 * Whole days until the purge, rounding up and stopping at 0 (the server's rule), and never
 * more than 60: a `deleted_at` stamped with the server-corrected clock may be a little ahead
 * of this device's `now`.
 */
export function daysLeft(deletedAt: number, now: number): number {
  const remaining = deletedAt + TRASH_DAYS * DAY_MS - now;
  return remaining <= 0 ? 0 : Math.min(TRASH_DAYS, Math.ceil(remaining / DAY_MS));
}

/** Editable titles are at most 255 characters. */
export const TITLE_MAX = 255;

/** `folderId` and the ids of every folder inside it, at any depth (a move target check). */
export function folderAndDescendants(
  folderId: string,
  folders: readonly { id: string; folder_id: string | null }[],
): Set<string> {
  const ids = new Set([folderId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders) {
      if (folder.folder_id !== null && ids.has(folder.folder_id) && !ids.has(folder.id)) {
        ids.add(folder.id);
        grew = true;
      }
    }
  }
  return ids;
}
