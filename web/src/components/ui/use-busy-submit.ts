import { useCallback, useState } from 'react';

export interface BusySubmit {
  /** True from the start of a submit until it fails (after a success the dialog goes away). */
  busy: boolean;
  /**
   * Marks the dialog busy and awaits `action`. When it rejects, busy is cleared so the writer
   * can try again — the dialog stays open and the action has said why. When it resolves,
   * `then` runs (a dialog that closes itself passes its `onClose`); otherwise the caller
   * unmounts the dialog.
   */
  run: (action: () => Promise<unknown>, then?: () => void) => Promise<void>;
}

/** The submit of a dialog whose button shows a spinner while the work is under way. */
export function useBusySubmit(): BusySubmit {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>, then?: () => void) => {
    setBusy(true);
    try {
      await action();
    } catch {
      setBusy(false);
      return;
    }
    then?.();
  }, []);
  return { busy, run };
}
