import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { FormPage, useErrorDialog } from '@/components/ui';
import { paths } from '@/lib/paths';
import { emailProblem, LIMITS, serverFieldErrors, useProblemText } from '@/lib/validation';

import { requestPasswordReset } from './api/auth-api';

/** `/auth/reset_password`: asks for a link to choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => problemText(emailProblem(value)) },
  });

  async function handleSubmit({ email }: typeof form.values) {
    try {
      await requestPasswordReset(email);
      setSentTo(email.trim());
    } catch (error) {
      const fields = serverFieldErrors(t, error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else showError(error);
    }
  }

  const backToLogin = (
    <Anchor component={Link} to={paths.login} size="sm" ta="center">
      {t('auth.reset_password.back_to_login')}
    </Anchor>
  );

  if (sentTo !== null) {
    return (
      <FormPage title={t('auth.reset_password.title')}>
        <Alert
          color="green"
          variant="light"
          icon={<IconMailCheck size={18} />}
          title={t('auth.reset_password.sent_title')}
          role="status"
        >
          {t('auth.reset_password.sent', { email: sentTo })}
        </Alert>
        {backToLogin}
      </FormPage>
    );
  }

  return (
    <FormPage
      title={t('auth.reset_password.title')}
      description={t('auth.reset_password.description')}
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('common.email')}
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('auth.reset_password.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </FormPage>
  );
}
