import type { RouteObject } from 'react-router';

import { guardLoader } from '@/app/guards';
import { MainLayout } from '@/app/layouts/main-layout';
import { PublicLayout } from '@/app/layouts/public-layout';
import { RootLayout } from '@/app/layouts/root-layout';
import { SimpleLayout } from '@/app/layouts/simple-layout';
import { FullPageLoader } from '@/components/ui';

import { authRoutes, redirRoutes } from './auth-routes';
import { catchAllRoute, forwardingRoutes, marketingRoutes } from './entry-routes';
import { lazyPage } from './lazy-page';
import { mainRoutes } from './main-routes';
import { RouteErrorPage } from './route-error-page';

/** Every URL of the web app, by layout. The paths are listed in `src/app/README.md`. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FullPageLoader,
    children: [
      // Splash: initialises the session, then forwards.
      { index: true, loader: guardLoader({ kind: 'splash' }), Component: FullPageLoader },
      { Component: MainLayout, children: mainRoutes },
      { path: 'auth', Component: SimpleLayout, children: authRoutes },
      { path: 'redir', Component: SimpleLayout, children: redirRoutes },
      {
        // No login: hands a Google OAuth return over to the native app.
        Component: SimpleLayout,
        children: [
          {
            path: 'auth_redir',
            lazy: lazyPage(
              () => import('@/features/auth/auth-redir-page'),
              (m) => m.AuthRedirPage,
            ),
          },
        ],
      },
      ...forwardingRoutes,
      { Component: PublicLayout, children: marketingRoutes },
      catchAllRoute,
    ],
  },
];
