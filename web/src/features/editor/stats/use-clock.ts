/** `useClock`: now and the writer's offset for the local-day rules, read again every minute. */
import { useEffect, useState } from 'react';

import { eastOffset } from '@/lib/writing/calendar';

/** How often the clock is read again (today's words reset at local midnight). */
const CLOCK_TICK_MS = 60_000;

/** Now and the writer's offset (minutes east of UTC), read again every minute. */
export function useClock(): { now: number; offset: number } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, CLOCK_TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return { now, offset: eastOffset(new Date(now).getTimezoneOffset()) };
}
