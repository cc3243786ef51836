import { createElement } from 'react';
import type { ComponentType } from 'react';
import { data, redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';

import { guardLoader } from '@/app/guards';
import type { RouteAccess } from '@/app/guards';
import { FullPageLoader } from '@/components/ui';

import type { lazyPage } from './lazy-page';

type LazyPage = ReturnType<typeof lazyPage>;
type RouteParts = Pick<RouteObject, 'loader' | 'lazy' | 'Component'>;

export const AUTH: RouteAccess = { kind: 'auth' };
export const SHARED: RouteAccess = { kind: 'shared' };
export const REDIRECT_IF_AUTHENTICATED: RouteAccess = { kind: 'redirect-if-authenticated' };
export const PUBLIC: RouteAccess = { kind: 'public' };

/** Answers 404 from a loader; the root error boundary renders the 404 page. */
export function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's 404 idiom.
  throw data(null, { status: 404 });
}

/** A page behind a guard; `check` runs after the guard allows (e.g. a 404 for a bad param). */
export function guarded(
  access: RouteAccess,
  lazy: LazyPage,
  check?: (args: LoaderFunctionArgs) => unknown,
): RouteParts {
  return { loader: guardLoader(access, check), lazy };
}

/** An entry point that only forwards somewhere else. */
export function forward(target: (args: LoaderFunctionArgs) => string): RouteParts {
  return { loader: (args) => redirect(target(args)), Component: FullPageLoader };
}

/**
 * `Page` with `props` always given: how `app/` hands one feature's parts to another's page
 * (features never import each other).
 */
export function withProps<P extends object>(Page: ComponentType<P>, props: P): ComponentType {
  function Composed() {
    return createElement(Page, props);
  }
  Composed.displayName = `Composed(${Page.displayName ?? Page.name})`;
  return Composed;
}
