export { decideAccess, decideSplash } from './decide-access';
export type { GuardContext } from './decide-access';
export { appGuardDeps, guardLoader, setLateRefusalHandler } from './guard-loader';
export { previousPath, recordCommittedPath } from './navigation-history';
export { ALLOW, redirectTo } from './route-access';
export type { GuardDecision, RouteAccess } from './route-access';
export { runGuard } from './run-guard';
export type { GuardDeps } from './run-guard';
