import { z } from 'zod';

import { api, ApiError } from '@/lib/api';

export const totpSetupSchema = z.object({
  factor_sid: z.string().min(1),
  secret: z.string().min(1),
  /** An `otpauth://` URI, shown as a QR code. */
  qr: z.string().min(1),
});

export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** `GET auth/enable_totp_step1`: a new authenticator secret to scan. */
export async function startTotpSetup(): Promise<TotpSetup> {
  return api.get('/auth/enable_totp_step1', totpSetupSchema);
}

/** `POST auth/enable_totp_step2`: confirms the app with its first code; answers the user. */
export async function finishTotpSetup(factorSid: string, code: string): Promise<unknown> {
  return api.post('/auth/enable_totp_step2', { code, factor_sid: factorSid }, z.unknown());
}

const SMS_DELAY_PREFIX = 'mfa_sms_needs_delay_';

/** Seconds to wait before another SMS, from a `mfa_sms_needs_delay_<n>` answer; else null. */
export function smsDelaySeconds(value: unknown): number | null {
  if (typeof value !== 'string' || !value.startsWith(SMS_DELAY_PREFIX)) return null;
  const seconds = Number(value.slice(SMS_DELAY_PREFIX.length));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

const smsSentSchema = z.object({
  sms_session_id: z.string().min(1),
  /** When the SMS went out (epoch ms, epoch seconds or an ISO date). */
  mfa_sms_sent_at: z.union([z.number(), z.string()]).nullish(),
});

export type SmsStart =
  { kind: 'sent'; smsSessionId: string; sentAt: number } | { kind: 'wait'; seconds: number };

function sentAtMs(value: number | string | null | undefined): number {
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Date.now() : parsed;
}

/**
 * `POST auth/enable_sms_step1 {phone_number}` (E.164): sends the code, or says how long to wait
 * (`mfa_sms_needs_delay_<n>`, as the answer's data or as the refusal's code).
 */
export async function startSmsSetup(phoneNumber: string): Promise<SmsStart> {
  try {
    const data = await api.post(
      '/auth/enable_sms_step1',
      { phone_number: phoneNumber },
      z.union([smsSentSchema, z.string()]),
    );
    if (typeof data !== 'string') {
      return {
        kind: 'sent',
        smsSessionId: data.sms_session_id,
        sentAt: sentAtMs(data.mfa_sms_sent_at),
      };
    }
    const seconds = smsDelaySeconds(data);
    if (seconds === null) throw new ApiError('invalid_response', 'invalid_response', 200);
    return { kind: 'wait', seconds };
  } catch (error) {
    const seconds = error instanceof ApiError ? smsDelaySeconds(error.code) : null;
    if (seconds !== null) return { kind: 'wait', seconds };
    throw error;
  }
}

/** `POST auth/enable_sms_step2`: confirms the phone with the code it received; answers the user. */
export async function finishSmsSetup(
  smsSessionId: string,
  smsCode: string,
  phoneNumber: string,
): Promise<unknown> {
  return api.post(
    '/auth/enable_sms_step2',
    { sms_session_id: smsSessionId, sms_code: smsCode, phone_number: phoneNumber },
    z.unknown(),
  );
}

/** `POST auth/disable_mfa {password}`: turns two-factor off; answers the user. */
export async function disableMfa(password: string): Promise<unknown> {
  return api.post('/auth/disable_mfa', { password }, z.unknown());
}
