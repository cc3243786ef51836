import { describe, expect, it } from 'vitest';

import cases from './lifetime-stats.cases.json';
import { lifetimeStats } from './lifetime-stats';

/** The table of cases the server's `GET users/stats` is checked against too. */
describe('lifetimeStats over the shared table of cases', () => {
  it.each(cases)('$name', ({ input, output }) => {
    expect(lifetimeStats(input)).toEqual(output);
  });
});
