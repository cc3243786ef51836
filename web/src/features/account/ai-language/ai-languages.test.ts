import { describe, expect, it } from 'vitest';

import { AI_LANGUAGE_CODES, aiLanguageOptions } from './ai-languages';

describe('AI languages', () => {
  it('offer Autodetect first and about 65 languages, named in the interface language', () => {
    expect(AI_LANGUAGE_CODES.length).toBeGreaterThanOrEqual(65);
    expect(new Set(AI_LANGUAGE_CODES).size).toBe(AI_LANGUAGE_CODES.length);
    const english = aiLanguageOptions('en', 'Autodetect');
    expect(english[0]).toEqual({ value: 'auto', label: 'Autodetect' });
    expect(english).toContainEqual({ value: 'de', label: 'German' });
    const spanish = aiLanguageOptions('es', 'Detección automática');
    expect(spanish).toContainEqual({ value: 'de', label: 'Alemán' });
  });
});
