import { describe, expect, it } from 'vitest';

import { TIMEZONE_DEFAULT, timezoneNames, timezoneSelectValue, timezoneToSave } from './timezones';

describe('time zones', () => {
  it("offer the browser's IANA zones", () => {
    const names = timezoneNames();
    expect(names).toContain('Europe/Madrid');
    expect(names).toContain('America/New_York');
    expect(names).toContain('UTC');
  });

  it("show '-' (system default) for a missing or unknown stored zone", () => {
    const known = ['Europe/Madrid'];
    expect(TIMEZONE_DEFAULT).toBe('-');
    expect(timezoneSelectValue(null, known)).toBe('-');
    expect(timezoneSelectValue('Mars/Olympus', known)).toBe('-');
    expect(timezoneSelectValue('Europe/Madrid', known)).toBe('Europe/Madrid');
  });

  it("save '-' as null (use the system's zone)", () => {
    expect(timezoneToSave('-')).toBeNull();
    expect(timezoneToSave('Europe/Madrid')).toBe('Europe/Madrid');
  });
});
