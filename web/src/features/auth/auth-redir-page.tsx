import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/lib/paths';

import { resolveAuthRedirTarget } from './resolve-auth-redir-target';

/** `auth_redir`: no login; forwards a Google OAuth return to the native app (or the web app). */
export function AuthRedirPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const target = useMemo(
    () =>
      resolveAuthRedirTarget(new URLSearchParams(search), {
        scheme: env.appScheme,
        webAppUrl: paths.splash,
      }),
    [search],
  );
  useDocumentTitle(t('app.document_title', { page: t('auth.auth_redir.title') }));

  useEffect(() => {
    if (target.kind === 'web') {
      void navigate(target.url, { replace: true });
    } else {
      window.location.assign(target.url);
    }
  }, [navigate, target]);

  return (
    <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
      <Loader />
      <Text fw={600}>{t('auth.auth_redir.redirecting')}</Text>
      {target.kind === 'web' ? null : (
        <Anchor href={target.url} size="sm">
          {t('auth.auth_redir.open_manually')}
        </Anchor>
      )}
    </Stack>
  );
}
