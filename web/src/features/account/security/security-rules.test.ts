import { describe, expect, it } from 'vitest';

import { smsDelaySeconds } from '../api/two-factor-api';
import { describeUserAgent } from './describe-user-agent';
import { twoFactorAction } from './two-factor-action';
import { secondsLeft, SMS_RESEND_SECONDS } from './use-countdown';

describe('saving a two-factor choice', () => {
  it('opens the set-up of a new SMS or TOTP mode', () => {
    expect(twoFactorAction('sms', 'none', true)).toBe('sms');
    expect(twoFactorAction('totp', 'none', true)).toBe('totp');
    expect(twoFactorAction('totp', 'sms', true)).toBe('totp');
  });

  it('asks for the password to choose None while two-factor is on', () => {
    expect(twoFactorAction('none', 'totp', true)).toBe('disable');
  });

  it('does nothing when the choice does not change', () => {
    expect(twoFactorAction('sms', 'sms', true)).toBeNull();
    expect(twoFactorAction('none', 'none', true)).toBeNull();
  });

  it('only allows None without a subscription', () => {
    expect(twoFactorAction('totp', 'none', false)).toBeNull();
    expect(twoFactorAction('sms', 'totp', false)).toBe('disable');
  });
});

describe('the SMS resend wait', () => {
  it('is 60 seconds, counted down in whole seconds', () => {
    expect(SMS_RESEND_SECONDS).toBe(60);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });

  it("reads the server's mfa_sms_needs_delay_<n>", () => {
    expect(smsDelaySeconds('mfa_sms_needs_delay_42')).toBe(42);
    expect(smsDelaySeconds('mfa_sms_needs_delay_x')).toBeNull();
    expect(smsDelaySeconds('invalid_code')).toBeNull();
    expect(smsDelaySeconds(12)).toBeNull();
  });
});

describe('device names', () => {
  it('name the browser and the system of common user agents', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Linux' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(describeUserAgent('curl/7.88.1')).toEqual({ browser: null, os: null });
  });
});
