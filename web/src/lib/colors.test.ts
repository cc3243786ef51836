import { describe, expect, it } from 'vitest';

import { cleanHexInput, cssColor, storedColor } from './colors';

describe('a stored colour', () => {
  it('keeps at most 6 characters of a hex input and strips every #', () => {
    expect(cleanHexInput('#12#34567')).toBe('123456');
    expect(cleanHexInput('##')).toBe('');
  });

  it('stores 6 upper-case hex digits without # and reads either form', () => {
    expect(storedColor('ab12cd')).toBe('AB12CD');
    expect(storedColor('#AB12CD')).toBe('AB12CD');
    expect(storedColor('abc')).toBeNull();
    expect(storedColor('zzzzzz')).toBeNull();
    expect(cssColor('ab12cd')).toBe('#AB12CD');
    expect(cssColor(null)).toBeNull();
  });
});
