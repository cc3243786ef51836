import { redirect } from 'react-router';
import type { RouteObject } from 'react-router';

import { NotFoundPage } from '@/features/misc/not-found-page';
import { MARKETING_PAGES, paths } from '@/lib/paths';
import { storeReferralId } from '@/lib/referral';

import {
  giftSignUpPath,
  legacyReferralId,
  paymentRedirectForwardPath,
  verifyEmailForwardPath,
} from './forwarding';
import { lazyPage } from './lazy-page';
import { forward } from './route-helpers';

const searchOf = (request: Request) => new URL(request.url).search;

/** Entry points that only forward (verify-email links, gift links, legacy payment returns). */
export const forwardingRoutes: RouteObject[] = [
  { path: 'verify_email', ...forward(({ request }) => verifyEmailForwardPath(searchOf(request))) },
  {
    path: 'payment_redirect',
    ...forward(({ request }) => paymentRedirectForwardPath(searchOf(request))),
  },
  {
    path: 'gift/:recipient_name/:uid',
    ...forward(({ params }) => giftSignUpPath(params.uid ?? '')),
  },
];

/**
 * Marketing pages next to the app: the home page, the others placeholders until the marketing
 * work. Open to everyone: signed-in writers reach them from the Help menu too.
 */
export const marketingRoutes: RouteObject[] = MARKETING_PAGES.map((page) => ({
  path: page.path.slice(1),
  lazy:
    page.id === 'home'
      ? lazyPage(
          () => import('@/features/marketing/home-page'),
          (m) => m.HomePage,
        )
      : lazyPage(
          () => import('@/features/marketing/marketing-page'),
          (m) => m.marketingPageFor(page.id),
        ),
}));

/**
 * Any other path: the 404 page. `/ref={id}` (legacy referral) cannot be a route pattern, as
 * React Router matches whole segments only, so the catch-all recognises it first.
 */
export const catchAllRoute: RouteObject = {
  path: '*',
  loader: ({ request }) => {
    const referral = legacyReferralId(new URL(request.url).pathname);
    if (referral === null) return null;
    storeReferralId(referral);
    return redirect(paths.signUp);
  },
  Component: NotFoundPage,
};
