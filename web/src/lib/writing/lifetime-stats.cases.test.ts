import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { lifetimeStats } from './lifetime-stats';
import type { LifetimeStats } from './lifetime-stats';

/** A case of the table `GET users/stats` (quire-core's `manuscript::lifetime`) runs too. */
interface SharedCase {
  name: string;
  timezone: string;
  now: string;
  word_counts: { date: string; words: number }[];
  sessions: { start: string; end: string; words: number }[];
  expected: LifetimeStats;
}

const cases = JSON.parse(
  readFileSync(
    join(process.cwd(), '../crates/quire-core/tests/fixtures/lifetime-stats-cases.json'),
    'utf8',
  ),
) as SharedCase[];

/** One table of cases for the device and the server, so both count a writer's day alike. */
describe('lifetimeStats over the table the server is checked against', () => {
  it('has the table', () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  it.each(cases)('$name', (shared) => {
    expect(
      lifetimeStats({
        timezone: shared.timezone,
        now: shared.now,
        wordCounts: shared.word_counts,
        sessions: shared.sessions,
      }),
    ).toEqual(shared.expected);
  });
});
