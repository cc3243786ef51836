/**
 * What every elements screen shares: the store (live rows and writes), whether the writer may
 * change them, the manuscript's custom types and known tags, and the way to another screen
 * of the elements view (the board, or one element's page).
 */
import { createContext, use } from 'react';

import type { AppearsInSource } from './appears-in';
import type { CustomType } from './element-kinds';
import type { ElementMentions } from './element-mentions';
import type { ElementsStore } from './elements-store';

export interface ElementsScreen {
  manuscriptId: string;
  store: ElementsStore;
  canWrite: boolean;
  customTypes: CustomType[];
  /** The manuscript's tags (`settings.tags`), offered when tagging an element. */
  knownTags: string[];
  /** Keeps the manuscript's custom types. */
  saveCustomTypes(types: readonly CustomType[]): Promise<void>;
  /** Keeps the manuscript's known tags. */
  saveTags(tags: readonly string[]): Promise<void>;
  /** Opens an element's page, or the board with null. */
  open(elementId: string | null): void;
  /** What creating, deleting or recovering an element, or adding a nickname, does to the text. */
  mentions: ElementMentions;
  /** Where the manuscript's chapters mention elements; null where the editor gives none. */
  appearsIn: AppearsInSource | null;
  /** Closes the elements view and opens the chapter in the editor, at the element's first mention. */
  openChapter: (chapterId: string, elementId: string) => void;
  /** Closes the elements view with the binder filtered to the chapters mentioning the element. */
  showInBinder: (elementId: string) => void;
}

const ElementsScreenContext = createContext<ElementsScreen | null>(null);

export const ElementsScreenProvider = ElementsScreenContext.Provider;

export function useElementsScreen(): ElementsScreen {
  const screen = use(ElementsScreenContext);
  if (!screen) throw new Error('useElementsScreen outside ElementsScreenProvider');
  return screen;
}
