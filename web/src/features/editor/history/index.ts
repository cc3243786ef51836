export { VersionHistory } from './version-history';
export type { VersionHistoryProps } from './version-history';
