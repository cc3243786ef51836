/** User levels; the server's `quire_core::Level` has the same values. */
export const LEVELS = {
  lw1: -1,
  writer: 1,
  ambassador: 10,
  admin: 80,
  superadmin: 99,
} as const;

export type LevelName = keyof typeof LEVELS;
