export { CodeInput } from './code-input';
export { ColorSchemeToggle, useToggleColorScheme } from './color-scheme-toggle';
export {
  describeError,
  errorContentFrom,
  isSmallScreen,
  showError,
  SMALL_SCREEN_QUERY,
  useErrorDialog,
} from './error-dialog';
export type { ErrorDialogContent } from './error-dialog';
export { FormPage } from './form-page';
export { FullPageLoader } from './full-page-loader';
export { LanguagePicker } from './language-picker';
export { Logo } from './logo';
export { PlaceholderPage } from './placeholder-page';
export { showSuccess } from './show-success';
