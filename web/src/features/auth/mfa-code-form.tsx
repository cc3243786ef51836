import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { CodeInput, useErrorDialog } from '@/components/ui';
import { isApiError } from '@/lib/api';
import type { SessionUser } from '@/lib/session';
import { codeProblem, useProblemText } from '@/lib/validation';

import { logInWithMfa } from './api/auth-api';
import type { MfaMethod } from './api/auth-api';

/** The second step's token is spent, expired or out of tries: sign in again from the start. */
const MFA_TOKEN_GONE = new Set(['invalid_token', 'expired_token']);

interface MfaCodeFormProps {
  method: MfaMethod;
  mfaToken: string;
  onSignedIn: (user: SessionUser) => void;
  onBack: () => void;
}

/** The second sign-in step: the six-digit code from the authenticator app or the SMS. */
export function MfaCodeForm({ method, mfaToken, onSignedIn, onBack }: MfaCodeFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => problemText(codeProblem(value)) },
  });

  async function handleSubmit({ code }: typeof form.values) {
    try {
      onSignedIn(await logInWithMfa(method, mfaToken, code));
    } catch (error) {
      if (isApiError(error) && MFA_TOKEN_GONE.has(error.code)) {
        showError(error, { title: t('auth.error_title'), message: t('auth.mfa.expired') });
        onBack();
        return;
      }
      showError(error, { title: t('auth.error_title') });
    }
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <Text fw={600}>{t('auth.mfa.title')}</Text>
        <Text c="dimmed" size="sm">
          {method === 'totp' ? t('auth.mfa.totp_description') : t('auth.mfa.sms_description')}
        </Text>
        <CodeInput
          label={t('auth.mfa.code_label')}
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth.mfa.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('auth.mfa.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
