import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { FormPage, useErrorDialog } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { paths } from '@/lib/paths';
import { session, updateUser } from '@/lib/session';
import { localAppearanceSettings } from '@/lib/theme';
import {
  confirmationProblem,
  emailProblem,
  LIMITS,
  nameProblem,
  serverFieldErrors,
  signUpPasswordProblem,
  useProblemText,
} from '@/lib/validation';

import { signUp } from './api/auth-api';

/** Sign-up; `?g_uid=` marks the acceptance of a gift subscription (from `/gift/…`). */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const [searchParams] = useSearchParams();
  const giftUid = searchParams.get('g_uid');
  const form = useForm({
    initialValues: { name: '', email: '', password: '', passwordConfirmation: '' },
    validate: {
      name: (value) => problemText(nameProblem(value)),
      email: (value) => problemText(emailProblem(value)),
      password: (value) => problemText(signUpPasswordProblem(value)),
      passwordConfirmation: (value, values) =>
        problemText(confirmationProblem(values.password, value)),
    },
  });

  async function handleSubmit(values: typeof form.values) {
    try {
      session.setUser(await signUp({ ...values, giftUid }));
    } catch (error) {
      const fields = serverFieldErrors(t, error, {
        password_confirmation: 'passwordConfirmation',
      });
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else if (isApiError(error) && error.code === 'email_already_used') {
        form.setFieldError('email', t('api_responses.email_already_used'));
      } else showError(error);
      return;
    }
    // The new account keeps the look chosen before signing up (best effort).
    await updateUser({ settings: localAppearanceSettings() }).catch(() => undefined);
    void navigate(paths.signUpSuccess, { replace: true });
  }

  return (
    <FormPage title={t('auth.sign_up.title')} description={t('auth.sign_up.subtitle')}>
      {giftUid ? (
        <Alert variant="light" icon={<IconGift size={18} />} title={t('auth.sign_up.gift_title')}>
          {t('auth.sign_up.gift_notice')}
        </Alert>
      ) : null}
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.sign_up.name')}
            autoComplete="name"
            maxLength={LIMITS.name}
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('common.email')}
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('common.password')}
            description={t('auth.sign_up.password_hint')}
            autoComplete="new-password"
            maxLength={LIMITS.password}
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth.sign_up.confirmation')}
            autoComplete="new-password"
            maxLength={LIMITS.password}
            required
            {...form.getInputProps('passwordConfirmation')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('auth.sign_up.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.login}>
              {t('auth.sign_up.have_account')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </FormPage>
  );
}
