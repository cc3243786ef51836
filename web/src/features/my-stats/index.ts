/** My Stats: the modal the app's header opens ("View stats"). */
export { MyStatsModal } from './my-stats-modal';
export type { MyStatsModalProps } from './my-stats-modal';
