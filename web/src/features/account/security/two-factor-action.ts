import type { MfaMode } from '@/lib/session';

export type TwoFactorAction = 'sms' | 'totp' | 'disable';

/**
 * What Save does for the chosen two-factor mode: the set-up for a new SMS or TOTP mode, the
 * password prompt for None while two-factor is on, nothing otherwise. Without the entitlement only
 * None can be chosen.
 */
export function twoFactorAction(
  chosen: MfaMode,
  current: MfaMode,
  entitled: boolean,
): TwoFactorAction | null {
  const effective = entitled ? chosen : 'none';
  if (effective === current) return null;
  return effective === 'none' ? 'disable' : effective;
}
