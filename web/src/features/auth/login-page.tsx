import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { FormPage, useErrorDialog } from '@/components/ui';
import { paths } from '@/lib/paths';
import { emailProblem, LIMITS, passwordProblem, useProblemText } from '@/lib/validation';

import { logIn } from './api/auth-api';
import type { MfaMethod } from './api/auth-api';
import { readKeepLoggedIn, rememberKeepLoggedIn } from './keep-logged-in';
import { MfaCodeForm } from './mfa-code-form';
import { useCompleteSignIn } from './use-complete-sign-in';

interface MfaStep {
  method: MfaMethod;
  mfaToken: string;
}

/** `/auth/login`: email, password and "keep me logged in"; then the two-factor step if asked. */
export function LoginPage() {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const completeSignIn = useCompleteSignIn();
  const [mfa, setMfa] = useState<MfaStep | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '', keepLoggedIn: readKeepLoggedIn() },
    validate: {
      email: (value) => problemText(emailProblem(value)),
      password: (value) => problemText(passwordProblem(value)),
    },
  });

  async function handleSubmit(values: typeof form.values) {
    rememberKeepLoggedIn(values.keepLoggedIn);
    try {
      const result = await logIn(values);
      if (result.kind === 'signed_in') completeSignIn(result.user);
      else setMfa({ method: result.method, mfaToken: result.mfaToken });
    } catch (error) {
      showError(error, { title: t('auth.error_title') });
    }
  }

  return (
    <FormPage title={t('auth.login.title')} description={t('auth.login.subtitle')}>
      {mfa ? (
        <MfaCodeForm
          method={mfa.method}
          mfaToken={mfa.mfaToken}
          onSignedIn={completeSignIn}
          onBack={() => {
            setMfa(null);
          }}
        />
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('common.email')}
              type="email"
              autoComplete="username"
              maxLength={LIMITS.email}
              required
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t('common.password')}
              autoComplete="current-password"
              maxLength={LIMITS.password}
              required
              {...form.getInputProps('password')}
            />
            <Group justify="space-between">
              <Checkbox
                label={t('auth.keep_logged_in')}
                {...form.getInputProps('keepLoggedIn', { type: 'checkbox' })}
              />
              <Anchor component={Link} to={paths.resetPassword} size="sm">
                {t('auth.login.forgot_password')}
              </Anchor>
            </Group>
            <Button type="submit" loading={form.submitting} fullWidth>
              {t('auth.login.submit')}
            </Button>
            <Text size="sm" ta="center">
              {t('auth.login.no_account')}{' '}
              <Anchor component={Link} to={paths.signUp} underline="always">
                {t('auth.login.create_account')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </FormPage>
  );
}
