import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { FormPage } from '@/components/ui';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';

/** How long the welcome after sign-up shows before the manuscripts. */
export const SIGN_UP_REDIRECT_MS = 2000;

/** After sign-up: a welcome, then the manuscripts two seconds later. */
export function SignUpSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();

  useEffect(() => {
    const timer = setTimeout(() => {
      void navigate(paths.manuscripts, { replace: true });
    }, SIGN_UP_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [navigate]);

  return (
    <FormPage title={t('auth.sign_up_success.title')}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconCircleCheck size={30} stroke={1.6} />
        </ThemeIcon>
        <Text>{t('auth.sign_up_success.body', { email: user?.email ?? '' })}</Text>
        <Stack gap={6} align="center" role="status" aria-live="polite">
          <Loader type="dots" size="sm" />
          <Text size="sm" c="dimmed">
            {t('auth.sign_up_success.redirecting')}
          </Text>
        </Stack>
        <Button component={Link} to={paths.manuscripts} variant="light">
          {t('auth.sign_up_success.continue')}
        </Button>
      </Stack>
    </FormPage>
  );
}
