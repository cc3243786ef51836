import type en from '@/i18n/en.json';

/**
 * The account form rules, as pure functions. Each returns null when the value is fine, or the
 * problem: a `validation.*` translation key and its values.
 */

export type ValidationKey = `validation.${keyof (typeof en)['validation']}`;

export interface Problem {
  key: ValidationKey;
  values?: Record<string, string | number>;
}

/** Field limits, the same as the server's (quire-core `account` and `mfa`). */
export const LIMITS = {
  name: 32,
  email: 254,
  password: 64,
  signUpPassword: { min: 5, max: 59 },
  newPasswordMin: 8,
  phrase: 128,
  codeLength: 6,
} as const;

const problem = (key: ValidationKey, values?: Problem['values']): Problem =>
  values ? { key, values } : { key };

/** One `@`, a non-empty local part, a dotted domain, no spaces (as the server checks). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function nameProblem(value: string): Problem | null {
  const name = value.trim();
  if (name === '') return problem('validation.name_required');
  if (name.length > LIMITS.name) return problem('validation.name_too_long', { max: LIMITS.name });
  return null;
}

export function emailProblem(value: string): Problem | null {
  const email = value.trim();
  if (email.length > LIMITS.email)
    return problem('validation.email_too_long', { max: LIMITS.email });
  if (!EMAIL_PATTERN.test(email)) return problem('validation.email_invalid');
  return null;
}

/** A new email must also differ from the current one (case-insensitive, trimmed). */
export function newEmailProblem(value: string, current: string): Problem | null {
  const invalid = emailProblem(value);
  if (invalid) return invalid;
  if (value.trim().toLowerCase() === current.trim().toLowerCase()) {
    return problem('validation.email_unchanged');
  }
  return null;
}

/** A password that is only checked for presence (sign-in, re-login, confirming a change). */
export function passwordProblem(value: string): Problem | null {
  if (value === '') return problem('validation.password_required');
  if (value.length > LIMITS.password) {
    return problem('validation.password_too_long', { max: LIMITS.password });
  }
  return null;
}

/** Sign-up: more than 4 and fewer than 60 characters. */
export function signUpPasswordProblem(value: string): Problem | null {
  if (value === '') return problem('validation.password_required');
  const { min, max } = LIMITS.signUpPassword;
  if (value.length < min || value.length > max) {
    return problem('validation.sign_up_password_length', { min, max });
  }
  return null;
}

/** A new password (change, reset): at least 8, at most 64. */
export function newPasswordProblem(value: string): Problem | null {
  if (value === '') return problem('validation.password_required');
  if (value.length < LIMITS.newPasswordMin) {
    return problem('validation.new_password_too_short', { min: LIMITS.newPasswordMin });
  }
  if (value.length > LIMITS.password) {
    return problem('validation.password_too_long', { max: LIMITS.password });
  }
  return null;
}

/** The current password, required unless the account has none (provider sign-in). */
export function currentPasswordProblem(value: string, hasPassword: boolean): Problem | null {
  if (!hasPassword) return null;
  if (value === '') return problem('validation.current_password_required');
  if (value.length > LIMITS.password) {
    return problem('validation.password_too_long', { max: LIMITS.password });
  }
  return null;
}

export function confirmationProblem(password: string, confirmation: string): Problem | null {
  if (confirmation === '') return problem('validation.confirmation_required');
  if (confirmation !== password) return problem('validation.passwords_do_not_match');
  return null;
}

/** SMS or authenticator code: exactly six digits. */
export function codeProblem(value: string): Problem | null {
  return /^\d{6}$/.test(value) ? null : problem('validation.code_invalid');
}

/** The phrase that confirms account deletion, as it is shown to the user. */
export const DELETE_PHRASE = 'i understand';

/**
 * Whether the typed phrase confirms deletion: 'i understand' ignoring case, outer spaces and
 * repeated inner spaces (at most 128 characters typed).
 */
export function confirmsDeletion(typed: string): boolean {
  if (typed.length > LIMITS.phrase) return false;
  return typed.trim().replace(/\s+/g, ' ').toLowerCase() === DELETE_PHRASE;
}
