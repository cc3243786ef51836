import { lazy } from 'react';
import type { RouteObject } from 'react-router';

import { guardLoader } from '@/app/guards';
import { env } from '@/config/env';
import { isAccountSection, paths } from '@/lib/paths';
import { LEVELS } from '@/lib/session';

import { lazyPage } from './lazy-page';
import { AUTH, forward, guarded, notFound, PUBLIC, SHARED, withProps } from './route-helpers';

const loadImportExport = () => import('@/features/import-export');

/** The manuscripts list's import (button, drop zone) and a manuscript's export. */
function shelfAddons(importExport: Awaited<ReturnType<typeof loadImportExport>>) {
  return {
    addons: {
      Frame: importExport.ShelfImportFrame,
      ToolbarAction: importExport.ImportDocxButton,
      ExportDialog: importExport.ShelfExportDialog,
    },
  };
}

/**
 * The editor header's actions of other features (import and export, to-dos, Quick Notes, My
 * Stats) load after the editor (its header suspends them), so the chapter's text never waits
 * for them.
 */
const EditorActions = lazy(() =>
  import('./editor-actions').then((m) => ({ default: m.EditorActions })),
);

/** Children of the main layout (the app shell). */
export const mainRoutes: RouteObject[] = [
  {
    // The guard sits on the parent, so the list and its folder child share it.
    path: 'manuscripts',
    loader: guardLoader(AUTH),
    children: [
      {
        index: true,
        lazy: lazyPage(
          () =>
            Promise.all([import('@/features/manuscripts/manuscripts-page'), loadImportExport()]),
          ([page, importExport]) => withProps(page.ManuscriptsPage, shelfAddons(importExport)),
        ),
      },
      {
        path: ':id',
        lazy: lazyPage(
          () => Promise.all([import('@/features/manuscripts/folder-page'), loadImportExport()]),
          ([page, importExport]) => withProps(page.FolderPage, shelfAddons(importExport)),
        ),
      },
    ],
  },
  {
    path: 'manuscript/:id',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/editor/manuscript-page'),
        (page) => withProps(page.ManuscriptPage, { actions: EditorActions }),
      ),
    ),
  },
  {
    path: 'shared_manuscript/:id',
    ...guarded(
      SHARED,
      lazyPage(
        () => import('@/features/sharing/shared-manuscript-page'),
        (m) => m.SharedManuscriptPage,
      ),
    ),
  },
  {
    path: 'shared_chapter/:id',
    ...guarded(
      SHARED,
      lazyPage(
        () => import('@/features/sharing/shared-chapter-page'),
        (m) => m.SharedChapterPage,
      ),
    ),
  },
  { path: 'account', ...forward(() => paths.account('settings')) },
  {
    path: 'account/:section',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/account/account-section-page'),
        (m) => m.AccountSectionPage,
      ),
      ({ params }) => (isAccountSection(params.section) ? null : notFound()),
    ),
  },
  {
    path: 'subscribed',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/subscription/subscribed-page'),
        (m) => m.SubscribedPage,
      ),
    ),
  },
  {
    path: 'beta_reader/reviewing',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/beta-reader/reviewing-page'),
        (m) => m.ReviewingPage,
      ),
    ),
  },
  {
    path: 'beta_reader/:section',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/beta-reader/request-feedback-page'),
        (m) => m.RequestFeedbackPage,
      ),
      ({ params }) =>
        env.features.betaReader && params.section === 'request_feedback' ? null : notFound(),
    ),
  },
  {
    path: 'verify_email_help',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/auth/verify-email-help-page'),
        (m) => m.VerifyEmailHelpPage,
      ),
    ),
  },
  {
    path: 'open_in_app',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/misc/open-in-app-page'),
        (m) => m.OpenInAppPage,
      ),
    ),
  },
  {
    path: 'recover_access',
    ...guarded(
      PUBLIC,
      lazyPage(
        () => import('@/features/auth/recover-access-page'),
        (m) => m.RecoverAccessPage,
      ),
    ),
  },
  {
    path: 'ambassador-dashboard',
    ...guarded(
      { kind: 'auth', minLevel: LEVELS.ambassador },
      lazyPage(
        () => import('@/features/ambassador/ambassador-dashboard-page'),
        (m) => m.AmbassadorDashboardPage,
      ),
    ),
  },
  {
    path: 'knowledge_base',
    ...guarded(
      AUTH,
      lazyPage(
        () => import('@/features/knowledge-base/knowledge-base-page'),
        (m) => m.KnowledgeBasePage,
      ),
    ),
  },
];
