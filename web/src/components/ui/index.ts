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
export { TitleInput } from './title-input';
export { EntryActions } from './entry-actions';
export { DEFAULT_MODAL_SIZE, DELETE_MODAL_SIZE, SMALL_MODAL_SIZE } from './modal-sizes';
export { NameDialog } from './name-dialog';
export { useRequiredTitle } from './use-required-title';
export type { RequiredTitle } from './use-required-title';
export { useBusySubmit } from './use-busy-submit';
export type { BusySubmit } from './use-busy-submit';
export { ColorChoice } from './color-choice';
export type { ColorChoiceProps } from './color-choice';
export { MetaSectionsEditor, SECTION_SAVE_DELAY_MS } from './meta-sections-editor';
export { useMentionConversion } from './mention-conversion';
export type { MentionConversion } from './mention-conversion';
export { MoveButtons } from './move-buttons';
export { TrashSection } from './trash-section';
export type { TrashSectionProps } from './trash-section';
export { UploadButton } from './upload-button';
export type { UploadButtonProps, UploadButtonTexts } from './upload-button';
