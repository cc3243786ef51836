export { Binder } from './binder';
export type { BinderProps } from './binder';
