export { describeError, errorContentFrom } from './error-message';
export type { ErrorDialogContent } from './error-message';
export { isSmallScreen, showError, SMALL_SCREEN_QUERY } from './show-error';
export { useErrorDialog } from './use-error-dialog';
