/**
 * A manuscript's story elements as other screens need them (the chapter editor's mentions, a
 * picker): live rows only, in the writer's order, nicknames as plain labels.
 */
import type { ElementKind } from './element-meta';
import { byOrder, readElement } from './element-meta';

export interface ElementSummary {
  id: string;
  name: string;
  nicknames: string[];
  /** 6 upper-case hex digits, or null. */
  color: string | null;
  kind: ElementKind;
}

/** The live elements among `rows` (rows in the trash left out), ordered by `_order`. */
export function listElements(
  rows: readonly (Record<string, unknown> & { id: string })[],
): ElementSummary[] {
  return rows
    .map(readElement)
    .filter((element) => element.deleted_at === null)
    .sort(byOrder)
    .map((element) => ({
      id: element.id,
      name: element.name,
      nicknames: element.meta.nicknames.map((nickname) => nickname.label),
      color: element.meta.color,
      kind: element.meta.type,
    }));
}
