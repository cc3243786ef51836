import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { Problem } from './account-rules';

/** Translates a rule's problem for a field's `error` (null stays null). */
export function useProblemText(): (problem: Problem | null) => string | null {
  const { t } = useTranslation();
  return useCallback(
    (problem: Problem | null) => (problem ? t(problem.key, problem.values ?? {}) : null),
    [t],
  );
}
