import { describe, expect, it } from 'vitest';

import { resolveAuthRedirTarget } from './resolve-auth-redir-target';

const options = { scheme: 'quire', webAppUrl: '/' };
const target = (query: string) => resolveAuthRedirTarget(new URLSearchParams(query), options);

describe('auth_redir target', () => {
  it('is the drive link when the scope contains auth/drive', () => {
    expect(target('code=4/abc&scope=email%20https://www.googleapis.com/auth/drive.file')).toEqual({
      kind: 'drive',
      url: 'quire://auth/drive?code=4%2Fabc',
    });
  });

  it('is the google link when a code comes with another scope', () => {
    expect(target('code=xyz&scope=email%20profile%20openid')).toEqual({
      kind: 'google',
      url: 'quire://auth/google?code=xyz',
    });
  });

  it('is the google link when a code comes without a scope', () => {
    expect(target('code=xyz')).toEqual({ kind: 'google', url: 'quire://auth/google?code=xyz' });
  });

  it('is the web app without a code or a drive scope', () => {
    expect(target('')).toEqual({ kind: 'web', url: '/' });
    expect(target('scope=email&error=access_denied')).toEqual({ kind: 'web', url: '/' });
  });

  it('uses the configured scheme', () => {
    expect(
      resolveAuthRedirTarget(new URLSearchParams('code=1'), { scheme: 'quire-dev', webAppUrl: '/' })
        .url,
    ).toBe('quire-dev://auth/google?code=1');
  });
});
