import { redirect } from 'react-router';
import type { RouteObject } from 'react-router';

import { logOut } from '@/features/auth/api/log-out';
import { LogoutPage } from '@/features/auth/logout-page';
import { paths } from '@/lib/paths';

import { lazyPage } from './lazy-page';
import { AUTH, forward, guarded, REDIRECT_IF_AUTHENTICATED } from './route-helpers';

/** Children of `/auth/` (simple layout). */
export const authRoutes: RouteObject[] = [
  { index: true, ...forward(() => paths.login) },
  {
    path: 'login',
    ...guarded(
      REDIRECT_IF_AUTHENTICATED,
      lazyPage(
        () => import('@/features/auth/login-page'),
        (m) => m.LoginPage,
      ),
    ),
  },
  {
    path: 'sign_up',
    ...guarded(
      REDIRECT_IF_AUTHENTICATED,
      lazyPage(
        () => import('@/features/auth/sign-up-page'),
        (m) => m.SignUpPage,
      ),
    ),
  },
  {
    path: 'sign_up_success',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/auth/sign-up-success-page'),
        (m) => m.SignUpSuccessPage,
      ),
    ),
  },
  {
    path: 'change_password',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/account/change-password-page'),
        (m) => m.ChangePasswordPage,
      ),
    ),
  },
  {
    path: 'reset_password',
    ...guarded(
      REDIRECT_IF_AUTHENTICATED,
      lazyPage(
        () => import('@/features/auth/reset-password-page'),
        (m) => m.ResetPasswordPage,
      ),
    ),
  },
  {
    path: 'reset_password_apply',
    ...guarded(
      REDIRECT_IF_AUTHENTICATED,
      lazyPage(
        () => import('@/features/auth/reset-password-apply-page'),
        (m) => m.ResetPasswordApplyPage,
      ),
    ),
  },
  {
    // Logout routes log the user out and go to login.
    path: 'logout',
    loader: async () => {
      await logOut();
      return redirect(paths.login);
    },
    Component: LogoutPage,
  },
  {
    path: 'google',
    lazy: lazyPage(
      () => import('@/features/auth/oauth-google-page'),
      (m) => m.OauthGooglePage,
    ),
  },
  {
    path: 'google_drive',
    lazy: lazyPage(
      () => import('@/features/auth/oauth-google-drive-page'),
      (m) => m.OauthGoogleDrivePage,
    ),
  },
  {
    path: 'verify_email',
    lazy: lazyPage(
      () => import('@/features/auth/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
];

/** Children of `/redir/` (simple layout). */
export const redirRoutes: RouteObject[] = [
  {
    path: 'payment_redirect',
    lazy: lazyPage(
      () => import('@/features/subscription/payment-redirect-page'),
      (m) => m.PaymentRedirectPage,
    ),
  },
];
