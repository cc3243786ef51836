/** Shared by every feature's dialogs: the delete modal is narrower than the default one. */
export const DELETE_MODAL_SIZE = '50rem';
export const DEFAULT_MODAL_SIZE = '70rem';
/** Our one-field dialogs (name, move, duplicate) use the delete modal's width. */
export const SMALL_MODAL_SIZE = DELETE_MODAL_SIZE;
