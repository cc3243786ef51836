import { describe, expect, it } from 'vitest';

import {
  giftSignUpPath,
  legacyReferralId,
  paymentRedirectForwardPath,
  verifyEmailForwardPath,
} from './forwarding';

describe('gift links', () => {
  it('go to sign-up with g_uid set to the uid', () => {
    expect(giftSignUpPath('abc123')).toBe('/auth/sign_up?g_uid=abc123');
  });

  it('encode a uid with unsafe characters', () => {
    expect(giftSignUpPath('a b&c')).toBe('/auth/sign_up?g_uid=a+b%26c');
  });
});

describe('legacy referral links', () => {
  it('yield the id of /ref={id}', () => {
    expect(legacyReferralId('/ref=writer42')).toBe('writer42');
    expect(legacyReferralId('/ref=writer42/')).toBe('writer42');
    expect(legacyReferralId('/ref=caf%C3%A9')).toBe('café');
  });

  it('ignore other paths', () => {
    expect(legacyReferralId('/ref=')).toBeNull();
    expect(legacyReferralId('/ref')).toBeNull();
    expect(legacyReferralId('/nothing/ref=1')).toBeNull();
    expect(legacyReferralId('/ref=%E0%A4%A')).toBeNull();
  });
});

describe('verify_email links', () => {
  it('forward to the public verify-email page with the token', () => {
    expect(verifyEmailForwardPath('?token=t0k3n')).toBe('/auth/verify_email?token=t0k3n');
  });

  it('forward without a token when none is given', () => {
    expect(verifyEmailForwardPath('')).toBe('/auth/verify_email');
  });
});

describe('payment_redirect links', () => {
  it('move to the simple layout, keeping the query', () => {
    expect(paymentRedirectForwardPath('?source=desktop')).toBe(
      '/redir/payment_redirect?source=desktop',
    );
  });
});
