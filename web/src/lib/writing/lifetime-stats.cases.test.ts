import { describe, expect, it } from 'vitest';

import { lifetimeStats } from './lifetime-stats';
import cases from './lifetime-stats.cases.json';

/** The table of cases the server's `GET users/stats` is checked against too. */
describe('lifetimeStats over the shared table of cases', () => {
  it.each(cases)('$name', ({ input, output }) => {
    expect(lifetimeStats(input)).toEqual(output);
  });
});
