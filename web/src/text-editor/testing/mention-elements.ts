/** Story elements for the mention tests: `element(id, name, nicknames?)`, and a few made. */
import type { MentionTarget } from '../mention-names';

export function element(
  id: string,
  name: string,
  nicknames: string[] = [],
  more: Partial<MentionTarget> = {},
): MentionTarget {
  return { id, name, nicknames, color: '', kind: '', ...more };
}

/** A character with a nickname and a colour. */
export const ANNA = element('anna', 'Anna', ['Annie'], { color: '#aa3355', kind: 'character' });
