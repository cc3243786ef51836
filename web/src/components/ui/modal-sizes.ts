/** Spec §9 (shared by every feature's dialogs): the delete modal is 50rem wide; the default modal 70rem. */
export const DELETE_MODAL_SIZE = '50rem';
export const DEFAULT_MODAL_SIZE = '70rem';
/** Our one-field dialogs (name, move, duplicate) use the delete modal's width. */
export const SMALL_MODAL_SIZE = DELETE_MODAL_SIZE;
