export { LEVELS } from './levels';
export type { LevelName } from './levels';
export { resolvePermission } from './permissions';
export type { Permission } from './permissions';
export { session, updateUser } from './session';
export { createSessionStore } from './session-store';
export type { KeyValueStore, SessionDeps, SessionState, SessionStore } from './session-store';
export { applyUserPatch, NotSignedInError, saveUser } from './update-user';
export type { SaveUserDeps, UserPatch } from './update-user';
export { useKnownUser, useSession } from './use-session';
export {
  currentUserResponseSchema,
  DARK_MODES,
  MFA_MODES,
  userSchema,
  userSettingsSchema,
} from './user-schema';
export type { AiFeatureSetting, DarkMode, MfaMode, SessionUser, UserSettings } from './user-schema';
export {
  AI_FEATURES,
  AI_LANGUAGE_AUTO,
  aiFeatureSetting,
  DISPLAY_SETTINGS,
  displaySetting,
  EMAIL_LISTS,
} from './user-settings';
export type { AiFeature, DisplaySettingKey, EmailList } from './user-settings';
