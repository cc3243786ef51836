/**
 * What every research screen shares: the store (live rows and writes), whether the writer may
 * change them, and the way to another screen of the research view (the board, or a page).
 */
import { createContext, use } from 'react';

import type { ResearchStore } from './research-store';

export interface ResearchScreen {
  manuscriptId: string;
  store: ResearchStore;
  canWrite: boolean;
  /** Opens a research's page, or the board with null. */
  open(researchId: string | null): void;
}

const ResearchScreenContext = createContext<ResearchScreen | null>(null);

export const ResearchScreenProvider = ResearchScreenContext.Provider;

export function useResearchScreen(): ResearchScreen {
  const screen = use(ResearchScreenContext);
  if (!screen) throw new Error('useResearchScreen outside ResearchScreenProvider');
  return screen;
}
