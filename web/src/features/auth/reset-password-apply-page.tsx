import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { FormPage, useErrorDialog } from '@/components/ui';
import { paths } from '@/lib/paths';
import {
  confirmationProblem,
  LIMITS,
  newPasswordProblem,
  serverFieldErrors,
  useProblemText,
} from '@/lib/validation';

import { resetPassword } from './api/auth-api';

function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: {
      password: (value) => problemText(newPasswordProblem(value)),
      passwordConfirmation: (value, values) =>
        problemText(confirmationProblem(values.password, value)),
    },
  });

  async function handleSubmit(values: typeof form.values) {
    try {
      await resetPassword(token, values.password, values.passwordConfirmation);
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(t, error, {
        password_confirmation: 'passwordConfirmation',
      });
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else showError(error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('auth.reset_password_apply.password')}
          description={t('account.change_password.new_hint')}
          autoComplete="new-password"
          maxLength={LIMITS.password}
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('auth.reset_password_apply.confirmation')}
          autoComplete="new-password"
          maxLength={LIMITS.password}
          required
          {...form.getInputProps('passwordConfirmation')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth.reset_password_apply.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** `/auth/reset_password_apply?token=`: the page behind the mailed reset link. */
export function ResetPasswordApplyPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const title = t('auth.reset_password_apply.title');

  if (token === '') {
    return (
      <FormPage title={title}>
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('auth.reset_password_apply.missing_token')}
        </Alert>
        <Button component={Link} to={paths.resetPassword} variant="default">
          {t('auth.reset_password_apply.request_new')}
        </Button>
      </FormPage>
    );
  }
  if (done) {
    return (
      <FormPage title={title}>
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {t('auth.reset_password_apply.done')}
        </Alert>
        <Button component={Link} to={paths.login}>
          {t('auth.reset_password_apply.log_in')}
        </Button>
      </FormPage>
    );
  }
  return (
    <FormPage title={title} description={t('auth.reset_password_apply.description')}>
      <ResetPasswordForm
        token={token}
        onDone={() => {
          setDone(true);
        }}
      />
      <Anchor component={Link} to={paths.resetPassword} size="sm" ta="center">
        {t('auth.reset_password_apply.request_new')}
      </Anchor>
    </FormPage>
  );
}
