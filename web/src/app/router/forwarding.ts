import { paths } from '@/lib/paths';

/**
 * Legacy and external entry points that only forward somewhere else.
 * Pure functions; the loaders in `routes.tsx` turn them into redirects.
 */

/** `/gift/{recipient_name}/{uid}` → sign-up with `g_uid` set to uid. */
export function giftSignUpPath(uid: string): string {
  return `${paths.signUp}?${new URLSearchParams({ g_uid: uid }).toString()}`;
}

/** `/ref={id}` (legacy referral link) → the id, or null when the path is something else. */
export function legacyReferralId(pathname: string): string | null {
  const match = /^\/ref=([^/]+)\/?$/.exec(pathname);
  const raw = match?.[1];
  if (raw === undefined) return null;
  try {
    const id = decodeURIComponent(raw).trim();
    return id === '' ? null : id;
  } catch {
    return null;
  }
}

/** `/verify_email?token=…` → the public verify-email page, keeping the token. */
export function verifyEmailForwardPath(search: string): string {
  const token = new URLSearchParams(search).get('token');
  return token === null
    ? paths.verifyEmail
    : `${paths.verifyEmail}?${new URLSearchParams({ token }).toString()}`;
}

/** `/payment_redirect?…` → `/redir/payment_redirect?…` (the simple layout), query kept. */
export function paymentRedirectForwardPath(search: string): string {
  return `${paths.paymentRedirect}${search}`;
}
