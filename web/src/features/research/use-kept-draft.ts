/**
 * A field's draft kept after a pause in typing (and at once when the field is left or goes):
 * someone else's change to the stored value shows unless this writer has unsaved typing there.
 */
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

import { SECTION_SAVE_DELAY_MS } from '@/components/ui';

export interface KeptDraft {
  value: string;
  change: (next: string) => void;
  /** Keeps pending typing now (call on blur). */
  flush: () => void;
}

export function useKeptDraft(stored: string, keep: (value: string) => void): KeptDraft {
  const [value, setValue] = useState(stored);
  const [seen, setSeen] = useState(stored);
  const save = useDebouncedCallback(keep, { delay: SECTION_SAVE_DELAY_MS, flushOnUnmount: true });
  if (seen !== stored) {
    setSeen(stored);
    if (!save.isPending()) setValue(stored);
  }
  return {
    value,
    change: (next) => {
      setValue(next);
      save(next);
    },
    flush: () => {
      save.flush();
    },
  };
}
