import { useEffect, useState } from 'react';

/** An SMS can be sent again this long after the last send (the server keeps the same wait). */
export const SMS_RESEND_SECONDS = 60;

/** Whole seconds left until `until` (epoch ms), 0 once passed. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Seconds left until `until`, ticking every second; 0 when there is nothing to wait for. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [until]);
  return until === null ? 0 : secondsLeft(until, now);
}
