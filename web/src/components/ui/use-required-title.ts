import { useState } from 'react';

export interface RequiredTitle {
  value: string;
  error: string | undefined;
  /** For `TitleInput`'s `onChange`: a change clears the error. */
  onChange: (next: string) => void;
  /** The trimmed title to submit, or null — and `requiredMessage` shown — when it is blank. */
  take: () => string | null;
  reset: (next?: string) => void;
}

/** A title field that must not be blank: its value, its error and the check. */
export function useRequiredTitle(initial: string, requiredMessage: string): RequiredTitle {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  return {
    value,
    error,
    onChange(next) {
      setValue(next);
      setError(undefined);
    },
    take() {
      const trimmed = value.trim();
      if (trimmed === '') {
        setError(requiredMessage);
        return null;
      }
      return trimmed;
    },
    reset(next = '') {
      setValue(next);
    },
  };
}
