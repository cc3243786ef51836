import { describe, expect, it } from 'vitest';

import { dueDateOf, dueDayText, isDueIn, parseDayText, writerZone } from './due-dates';

const NEW_YORK = 'America/New_York';
const MADRID = 'Europe/Madrid';
const AUCKLAND = 'Pacific/Auckland';
const at = (iso: string) => Date.parse(iso);

describe('due dates in the writer’s time zone', () => {
  it('stores a picked day as noon of that day in the writer’s zone, in UTC, across summer time', () => {
    expect(dueDateOf('2026-03-07', NEW_YORK)).toBe('2026-03-07T17:00:00.000Z');
    // The day New York moves its clocks forward: noon is already summer time.
    expect(dueDateOf('2026-03-08', NEW_YORK)).toBe('2026-03-08T16:00:00.000Z');
    // The day it moves them back.
    expect(dueDateOf('2026-11-01', NEW_YORK)).toBe('2026-11-01T17:00:00.000Z');
    expect(dueDateOf('2026-03-29', MADRID)).toBe('2026-03-29T10:00:00.000Z');
    expect(dueDateOf('2026-02-30', MADRID)).toBeNull();
    expect(dueDateOf('', MADRID)).toBeNull();
  });

  it('reads a stored due date back as the day the writer picked', () => {
    for (const zone of [NEW_YORK, MADRID, AUCKLAND]) {
      expect(dueDayText(dueDateOf('2026-03-08', zone), zone)).toBe('2026-03-08');
      expect(dueDayText(dueDateOf('2026-10-25', zone), zone)).toBe('2026-10-25');
    }
    expect(dueDayText(null, MADRID)).toBe('');
    expect(dueDayText('not a date', MADRID)).toBe('');
  });

  it('counts Today and Tomorrow by the writer’s midnight, not UTC’s', () => {
    // 23:30 on 7 March in New York is already 8 March in UTC.
    const now = at('2026-03-08T04:30:00Z');
    const dueOn = (day: string) => at(dueDateOf(day, NEW_YORK) ?? '');
    expect(isDueIn('today', dueOn('2026-03-07'), now, NEW_YORK)).toBe(true);
    expect(isDueIn('today', dueOn('2026-03-08'), now, NEW_YORK)).toBe(false);
    expect(isDueIn('tomorrow', dueOn('2026-03-08'), now, NEW_YORK)).toBe(true);
    // Thirty minutes later it is the next day there.
    const later = at('2026-03-08T05:00:00Z');
    expect(isDueIn('today', dueOn('2026-03-08'), later, NEW_YORK)).toBe(true);
    // Tomorrow after a 23-hour day (clocks forward) is still the next calendar day.
    expect(isDueIn('tomorrow', dueOn('2026-03-09'), later, NEW_YORK)).toBe(true);
  });

  it('takes weeks from Monday to Sunday and months as the writer’s calendar has them', () => {
    // Sunday 29 November, 23:30 in Madrid.
    const now = at('2026-11-29T22:30:00Z');
    const dueOn = (day: string) => at(dueDateOf(day, MADRID) ?? '');
    expect(isDueIn('this_week', dueOn('2026-11-23'), now, MADRID)).toBe(true);
    expect(isDueIn('this_week', dueOn('2026-11-30'), now, MADRID)).toBe(false);
    expect(isDueIn('this_week', dueOn('2026-11-22'), now, MADRID)).toBe(false);
    // 23:30 on 30 November in Auckland (summer time, UTC+13): December is tomorrow.
    const lastNight = at('2026-11-30T10:30:00Z');
    const dueThere = (day: string) => at(dueDateOf(day, AUCKLAND) ?? '');
    expect(isDueIn('this_month', dueThere('2026-11-01'), lastNight, AUCKLAND)).toBe(true);
    expect(isDueIn('this_month', dueThere('2026-12-01'), lastNight, AUCKLAND)).toBe(false);
    expect(isDueIn('tomorrow', dueThere('2026-12-01'), lastNight, AUCKLAND)).toBe(true);
    // Noon of 1 December in Auckland is still 30 November in New York: this month there.
    expect(isDueIn('this_month', dueThere('2026-12-01'), lastNight, NEW_YORK)).toBe(true);
  });

  it('uses the setting when it names a zone, else the browser’s zone', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(writerZone(MADRID)).toBe(MADRID);
    expect(writerZone(null)).toBe(browser);
    expect(writerZone('-')).toBe(browser);
    expect(writerZone('Not/AZone')).toBe(browser);
    expect(parseDayText('2026-13-01')).toBeNull();
    expect(parseDayText('2026-12-01')).toEqual({ year: 2026, month: 12, day: 1 });
  });
});
