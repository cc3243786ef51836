import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useErrorDialog } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { session } from '@/lib/session';
import type { SessionUser } from '@/lib/session';
import {
  LIMITS,
  newEmailProblem,
  passwordProblem,
  serverFieldErrors,
  useProblemText,
} from '@/lib/validation';

import { changeEmail } from '../api/account-api';

interface ChangeEmailFormProps {
  user: SessionUser;
  onChanged: (email: string) => void;
  onCancel: () => void;
}

function ChangeEmailForm({ user, onChanged, onCancel }: ChangeEmailFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const hasPassword = user.meta?.doesnt_have_password !== true;
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => problemText(newEmailProblem(value, user.email)),
      password: (value) => (hasPassword ? problemText(passwordProblem(value)) : null),
    },
  });

  async function handleSubmit(values: typeof form.values) {
    try {
      const changed = await changeEmail(values.email, values.password);
      session.setUser(changed);
      onChanged(changed.email);
    } catch (error) {
      const fields = serverFieldErrors(t, error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else if (isApiError(error) && error.code === 'email_already_used') {
        form.setFieldError('email', t('api_responses.email_already_used'));
      } else showError(error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('account.change_email.current')}
          value={user.email}
          readOnly
          variant="filled"
        />
        <TextInput
          label={t('account.change_email.new')}
          type="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('account.change_email.password')}
          autoComplete="current-password"
          maxLength={LIMITS.password}
          disabled={!hasPassword}
          required={hasPassword}
          description={
            hasPassword
              ? undefined
              : t('account.change_email.no_password_hint', {
                  provider: user.meta?.auth_provider ?? 'Google',
                })
          }
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('account.change_email.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ChangeEmailModalProps {
  opened: boolean;
  onClose: () => void;
  user: SessionUser;
}

/** 'Change email address': the new address and the password; then a "check your inbox" note. */
export function ChangeEmailModal({ opened, onClose, user }: ChangeEmailModalProps) {
  const { t } = useTranslation();
  const [changedTo, setChangedTo] = useState<string | null>(null);

  function handleClose() {
    setChangedTo(null);
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={
        changedTo === null ? t('account.change_email.title') : t('account.change_email.done_title')
      }
      centered
    >
      {changedTo === null ? (
        <ChangeEmailForm user={user} onChanged={setChangedTo} onCancel={handleClose} />
      ) : (
        <Stack gap="lg">
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
            <Text size="sm">{t('account.change_email.done', { email: changedTo })}</Text>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={handleClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
