import { startTransition, useEffect, useState } from 'react';

import { afterPaint } from '@/lib/after-paint';

/**
 * True from the first frame painted after `ready` became true: what can wait for the chapter's
 * text to be on screen renders then, as a transition, so the text shows sooner.
 */
export function useAfterPaint(ready = true): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    return afterPaint(() => {
      startTransition(() => {
        setShown(true);
      });
    });
  }, [ready, shown]);
  return shown;
}
