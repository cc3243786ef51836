import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { FormPage } from '@/components/ui';
import { paths } from '@/lib/paths';
import { session, useSession } from '@/lib/session';

import { ChangePasswordForm } from './change-password-form';

/**
 * `/auth/change_password`: where splash sends a user whose password is temporary. Afterwards
 * the user is reloaded and goes on to the manuscripts.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();

  async function handleDone() {
    await session.reload().catch(() => undefined);
    void navigate(paths.manuscripts, { replace: true });
  }

  return (
    <FormPage title={t('account.change_password.title')}>
      {user?.settings.password_temporary === true ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('account.change_password.temporary_notice')}
        </Alert>
      ) : null}
      <ChangePasswordForm
        hasPassword={user?.meta?.doesnt_have_password !== true}
        onDone={() => void handleDone()}
      />
    </FormPage>
  );
}
