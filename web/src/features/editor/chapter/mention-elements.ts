/**
 * The manuscript's story elements as the chapter editor's mentions need them: rows of kind
 * `elements` read live through the read port, mapped to `MentionTarget`s in a directory the
 * editor listens to (a rename or a colour shows in every mention at once).
 */
import { useEffect, useMemo } from 'react';

import type { LocalRecord, ReadPort } from '@/storage';
import { createMentionDirectory, type MentionDirectory, type MentionTarget } from '@/text-editor';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const CSS_COLOR = /^(?:rgba?|hsla?)\([\d\s.,%/]+\)$|^[a-z]+$/i;

/** A stored colour as CSS: hex with or without `#`, `rgb()`/`hsl()` or a colour name; else ''. */
export function cssColor(value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  const hex = HEX.exec(trimmed);
  if (hex) return `#${hex[1] ?? ''}`;
  return CSS_COLOR.test(trimmed) ? trimmed : '';
}

/** Nicknames are `{ id, label }`; older rows hold plain strings. */
function nicknamesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((nickname: unknown) => {
      if (typeof nickname === 'string') return nickname;
      if (nickname && typeof nickname === 'object' && 'label' in nickname)
        return typeof nickname.label === 'string' ? nickname.label : '';
      return '';
    })
    .filter((label) => label.trim() !== '');
}

/** The elements of the rows outside the trash that have a name. */
export function mentionTargetsFrom(rows: readonly LocalRecord[]): MentionTarget[] {
  const targets: MentionTarget[] = [];
  for (const row of rows) {
    const name = typeof row.name === 'string' ? row.name.trim() : '';
    if ((row.deleted_at ?? null) !== null || name === '') continue;
    const meta = (row.meta ?? {}) as Record<string, unknown>;
    const type = typeof meta.type === 'string' ? meta.type : '';
    const other = typeof meta.type_other === 'string' ? meta.type_other.trim() : '';
    targets.push({
      id: row.id,
      name,
      nicknames: nicknamesOf(meta.nicknames),
      color: cssColor(meta.color),
      kind: type === 'other' && other !== '' ? other : type,
    });
  }
  return targets;
}

/** The live directory of `manuscriptId`'s elements; one object while the manuscript is open. */
export function useMentionDirectory(
  reads: Pick<ReadPort, 'liveParts'>,
  manuscriptId: string,
): MentionDirectory {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new manuscript, a new directory
  const directory = useMemo(() => createMentionDirectory(), [manuscriptId]);
  useEffect(() => {
    const subscription = reads.liveParts('elements', manuscriptId).subscribe({
      next: (rows) => {
        directory.set(mentionTargetsFrom(rows));
      },
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [reads, manuscriptId, directory]);
  return directory;
}
