import { describe, expect, it } from 'vitest';

import { APP_VERSION, parseEnv } from './env';

describe('parseEnv', () => {
  it('works with nothing configured', () => {
    expect(parseEnv({})).toEqual({
      apiBase: '/api/v4',
      appVersion: '2.4.29',
      platform: 'web',
      features: { betaReader: false },
      appScheme: 'quire',
      storeUrls: { android: undefined, ios: undefined },
    });
    expect(APP_VERSION).toBe('2.4.29');
  });

  it('reads flags, URLs and trims the API base', () => {
    const env = parseEnv({
      VITE_API_BASE: 'https://api.example.com/api/v4/',
      VITE_FEATURE_BETA_READER: 'true',
      VITE_ANDROID_APP_URL: 'https://play.example.com/quire',
    });
    expect(env.apiBase).toBe('https://api.example.com/api/v4');
    expect(env.features.betaReader).toBe(true);
    expect(env.storeUrls.android).toBe('https://play.example.com/quire');
  });

  it('lists what is wrong', () => {
    expect(() => parseEnv({ VITE_API_BASE: 'api', VITE_FEATURE_BETA_READER: 'maybe' })).toThrow(
      /VITE_API_BASE[\s\S]*VITE_FEATURE_BETA_READER|VITE_FEATURE_BETA_READER[\s\S]*VITE_API_BASE/,
    );
  });
});
