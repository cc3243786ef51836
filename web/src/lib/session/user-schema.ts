import { z } from 'zod';

/**
 * Permission of one area in `settings.permissions`: a name, or its number on the numeric scale
 * (None 0, Read 1, Write 2, Custom 3).
 */
export const permissionValueSchema = z.union([
  z.enum(['none', 'read', 'write', 'custom']),
  z.number().int().min(0).max(3),
]);

/** 0/1 flags and booleans both appear in user settings. */
const flag = z.union([z.boolean(), z.number()]).transform((value) => value === true || value === 1);

/**
 * A field the app can live without: a missing or malformed value becomes `undefined` instead of
 * refusing the whole user (a cached user from an older version must still load).
 */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

export const MFA_MODES = ['none', 'sms', 'totp'] as const;
export type MfaMode = (typeof MFA_MODES)[number];

export const DARK_MODES = ['on', 'off', 'other'] as const;
export type DarkMode = (typeof DARK_MODES)[number];

export const customThemeSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  name: z.string().optional(),
  primary_color: z.string(),
  secondary_color: z.string(),
});

export const aiFeatureSettingSchema = z.object({
  language: z.string().catch('auto'),
  disabled: flag.catch(false),
});

/** The user settings the web app reads; the server may send more (kept as-is). */
export const userSettingsSchema = z.looseObject({
  password_temporary: lenient(flag),
  permissions: lenient(z.record(z.string(), permissionValueSchema).nullable()),
  hide_header: lenient(flag),
  theme_id: lenient(z.union([z.number(), z.string()]).nullable()),
  custom_theme: lenient(customThemeSchema.nullable()),
  dark_mode: lenient(z.enum(DARK_MODES)),
  timezone: lenient(z.string().nullable()),
  recently_used_colors: lenient(z.array(z.string())),
  emails_subscriptions: lenient(z.array(z.string())),
  mfa_enabled: lenient(z.enum(MFA_MODES)),
  mfa_sms_phone_number: lenient(z.string().nullable()),
  ai: lenient(z.record(z.string(), aiFeatureSettingSchema)),
  // Manuscript display settings.
  show_full_statuses: lenient(flag),
  show_triangle_status_in_left_sidebar: lenient(flag),
  show_status_name_in_right_sidebar: lenient(flag),
  increase_status_dot_size_in_left_sidebar: lenient(flag),
  hide_saving_indicator: lenient(flag),
  manuscript_to_last_place: lenient(flag),
  subchapters_as_scenes: lenient(flag),
  increase_tags_dot_size_in_left_sidebar: lenient(flag),
  show_all_statuses_in_right_sidebar: lenient(flag),
  show_floating_toolbar_on_editor_right_side: lenient(flag),
});

export const userMetaSchema = z.looseObject({
  doesnt_have_password: lenient(z.boolean()),
  auth_provider: lenient(z.string().nullable()),
  profile_picture: lenient(z.string().nullable()),
});

/** What the subscription allows now; computed by the server. */
export const entitlementsSchema = z.looseObject({
  can_use_two_factor: lenient(z.boolean()),
  can_write: lenient(z.boolean()),
  can_use_ai: lenient(z.boolean()),
});

export const userSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  level: z.number().int(),
  email_verified: lenient(z.boolean()),
  meta: lenient(userMetaSchema),
  entitlements: lenient(entitlementsSchema),
  settings: userSettingsSchema.nullish().transform((settings) => settings ?? {}),
});

/** `GET users/me`, sign-up and login answer `data.user`. */
export const currentUserResponseSchema = z.object({ user: userSchema });

export type SessionUser = z.infer<typeof userSchema>;
export type UserSettings = SessionUser['settings'];
export type PermissionValue = z.infer<typeof permissionValueSchema>;
export type AiFeatureSetting = z.infer<typeof aiFeatureSettingSchema>;
