import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PlaceholderPage } from '@/components/ui';
import { paths } from '@/lib/paths';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('auth.login.title')}>
      <Group gap="lg" justify="center">
        <Anchor component={Link} to={paths.signUp}>
          {t('auth.login.create_account')}
        </Anchor>
        <Anchor component={Link} to={paths.resetPassword}>
          {t('auth.login.forgot_password')}
        </Anchor>
      </Group>
    </PlaceholderPage>
  );
}
