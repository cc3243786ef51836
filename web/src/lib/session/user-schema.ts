import { z } from 'zod';

/**
 * Permission of one area in `settings.permissions`: a name, or the numeric scale of the spec
 * (None 0, Read 1, Write 2, Custom 3).
 */
export const permissionValueSchema = z.union([
  z.enum(['none', 'read', 'write', 'custom']),
  z.number().int().min(0).max(3),
]);

/** 0/1 flags and booleans both appear in user settings. */
const flag = z.union([z.boolean(), z.number()]).transform((value) => value === true || value === 1);

/** The user settings the web app reads so far; the server may send more (kept as-is). */
export const userSettingsSchema = z.looseObject({
  password_temporary: flag.optional(),
  permissions: z.record(z.string(), permissionValueSchema).nullish(),
  hide_header: flag.optional(),
  theme_id: z.union([z.string(), z.number()]).nullish(),
});

export const userSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  level: z.number().int(),
  settings: userSettingsSchema.nullish().transform((settings) => settings ?? {}),
});

/** `GET users/me` answers `data.user`. */
export const currentUserResponseSchema = z.object({ user: userSchema });

export type SessionUser = z.infer<typeof userSchema>;
export type PermissionValue = z.infer<typeof permissionValueSchema>;
