import type { AiFeatureSetting, UserSettings } from './user-schema';

/**
 * The manuscript display checkboxes, in the order the settings screen shows them, with their
 * defaults: all off but the floating toolbar.
 */
export const DISPLAY_SETTINGS = [
  { key: 'show_full_statuses', default: false },
  { key: 'show_triangle_status_in_left_sidebar', default: false },
  { key: 'show_status_name_in_right_sidebar', default: false },
  { key: 'increase_status_dot_size_in_left_sidebar', default: false },
  { key: 'hide_saving_indicator', default: false },
  { key: 'manuscript_to_last_place', default: false },
  { key: 'subchapters_as_scenes', default: false },
  { key: 'increase_tags_dot_size_in_left_sidebar', default: false },
  { key: 'show_all_statuses_in_right_sidebar', default: false },
  { key: 'show_floating_toolbar_on_editor_right_side', default: true },
] as const;

export type DisplaySettingKey = (typeof DISPLAY_SETTINGS)[number]['key'];

/** A display setting of the user, or its default when the server did not send it. */
export function displaySetting(settings: UserSettings, key: DisplaySettingKey): boolean {
  const stored = settings[key];
  if (stored !== undefined) return stored;
  return DISPLAY_SETTINGS.find((setting) => setting.key === key)?.default ?? false;
}

/** The AI features that carry their own language and on/off setting (`settings.ai`). */
export const AI_FEATURES = [
  'chat_manuscript',
  'rewrite',
  'analisys',
  'summary',
  'screenplay',
  'element_generation',
  'outline_generation',
  'manuscript_cover',
  'thesaurus',
] as const;

export type AiFeature = (typeof AI_FEATURES)[number];

/** The language an AI feature answers in when the user chose none. */
export const AI_LANGUAGE_AUTO = 'auto';

export function aiFeatureSetting(settings: UserSettings, feature: AiFeature): AiFeatureSetting {
  return settings.ai?.[feature] ?? { language: AI_LANGUAGE_AUTO, disabled: false };
}

/** Email lists a user can subscribe to (`settings.emails_subscriptions`). */
export const EMAIL_LISTS = ['marketing', 'stats'] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];
