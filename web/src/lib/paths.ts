/**
 * Every URL of the web app in one place, so features can link to each other's screens
 * without importing each other. `app/router` builds the route table from these.
 */

export const ACCOUNT_SECTIONS = [
  'subscription',
  'settings',
  'manuscript_settings',
  'color_options',
  'security',
  'ai_language_settings',
] as const;

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

export function isAccountSection(value: string | undefined): value is AccountSection {
  return (ACCOUNT_SECTIONS as readonly string[]).includes(value ?? '');
}

export const BETA_READER_SECTIONS = ['request_feedback'] as const;
export type BetaReaderSection = (typeof BETA_READER_SECTIONS)[number];

/**
 * The manuscript page's search parameter that opens the story elements view over it:
 * `board`, or an element's id for its page.
 */
export const ELEMENTS_PARAM = 'elements';

/** The manuscript page's search parameter naming the chapter shown in the editor. */
export const CHAPTER_PARAM = 'chapter';

/** The manuscript page's search parameter filtering the binder to the chapters mentioning an element. */
export const MENTIONS_OF_PARAM = 'mentions_of';

/**
 * The manuscript page's search parameter that opens the research view over it: `board`, or a
 * research's id for its page.
 */
export const RESEARCH_PARAM = 'research';

export const paths = {
  splash: '/',
  manuscripts: '/manuscripts',
  /** The manuscripts list's Recently Deleted view. */
  recentlyDeleted: '/manuscripts?view=trash',
  folder: (id: string) => `/manuscripts/${encodeURIComponent(id)}`,
  manuscript: (id: string) => `/manuscript/${encodeURIComponent(id)}`,
  sharedManuscript: (id: string) => `/shared_manuscript/${encodeURIComponent(id)}`,
  sharedChapter: (id: string) => `/shared_chapter/${encodeURIComponent(id)}`,
  account: (section: AccountSection) => `/account/${section}`,
  subscribed: '/subscribed',
  betaReader: (section: BetaReaderSection) => `/beta_reader/${section}`,
  betaReaderReviewing: '/beta_reader/reviewing',
  verifyEmailHelp: '/verify_email_help',
  openInApp: '/open_in_app',
  recoverAccess: '/recover_access',
  ambassadorDashboard: '/ambassador-dashboard',
  knowledgeBase: '/knowledge_base',
  paymentRedirectLegacy: '/payment_redirect',
  authRedir: '/auth_redir',

  login: '/auth/login',
  signUp: '/auth/sign_up',
  signUpSuccess: '/auth/sign_up_success',
  changePassword: '/auth/change_password',
  resetPassword: '/auth/reset_password',
  resetPasswordApply: '/auth/reset_password_apply',
  logout: '/auth/logout',
  oauthGoogle: '/auth/google',
  oauthGoogleDrive: '/auth/google_drive',
  verifyEmail: '/auth/verify_email',

  paymentRedirect: '/redir/payment_redirect',

  verifyEmailLegacy: '/verify_email',
} as const;

/**
 * Router state for a link into the editor that should put the caret in the chapter's text at
 * once (a manuscript just made): `navigate(paths.manuscript(id), { state: TEXT_FOCUS_STATE })`.
 */
export const TEXT_FOCUS_STATE = { focusText: true } as const;

/** Router `state` asking the editor for the caret at the first mention of an element. */
export function revealMentionState(elementId: string): { revealMention: string } {
  return { revealMention: elementId };
}

/** The element whose first mention router `state` asks the editor to show, or null. */
export function mentionToReveal(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('revealMention' in state)) return null;
  return typeof state.revealMention === 'string' ? state.revealMention : null;
}

/** Whether router `state` asks the editor for the caret in the text. */
export function wantsTextFocus(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'focusText' in state && state.focusText === true
  );
}

/** Marketing pages that sit next to the app. */
export const MARKETING_PAGES = [
  { id: 'home', path: '/home' },
  { id: 'pricing', path: '/pricing' },
  { id: 'roadmap', path: '/roadmap' },
  { id: 'ambassador_program', path: '/ambassador-program' },
  { id: 'about_us', path: '/about-us' },
  { id: 'compare', path: '/compare' },
  { id: 'writing_templates', path: '/writing-templates' },
  { id: 'downloads', path: '/downloads' },
  { id: 'terms_of_service', path: '/terms-of-service' },
  { id: 'privacy_policy', path: '/privacy-policy' },
  { id: 'plotting_board', path: '/features/plotting-board' },
  { id: 'architects_and_gardeners', path: '/features/plotting-for-architects-and-gardeners' },
  { id: 'worldbuilding', path: '/features/worldbuilding' },
  { id: 'non_fiction', path: '/features/non-fiction-writing' },
  { id: 'fiction_and_fantasy', path: '/features/fiction-and-fantasy-writing' },
  { id: 'screenwriting', path: '/features/screenwriting' },
  { id: 'ai_features', path: '/ai-features' },
  { id: 'gift', path: '/gift' },
  { id: 'gift_success', path: '/gift/success' },
  { id: 'help', path: '/help' },
] as const;

export type MarketingPageId = (typeof MARKETING_PAGES)[number]['id'];

export function marketingPath(id: MarketingPageId): string {
  const page = MARKETING_PAGES.find((candidate) => candidate.id === id);
  return page?.path ?? '/';
}
