import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { showSuccess, useErrorDialog } from '@/components/ui';
import {
  confirmationProblem,
  currentPasswordProblem,
  LIMITS,
  newPasswordProblem,
  serverFieldErrors,
  useProblemText,
} from '@/lib/validation';

import { changePassword } from './api/account-api';

interface ChangePasswordFormProps {
  /** False for accounts that sign in with a provider and have no password yet. */
  hasPassword: boolean;
  onDone: () => void;
  onCancel?: () => void;
}

const FIELD_NAMES = {
  current_password: 'currentPassword',
  new_password: 'newPassword',
  new_password_confirmation: 'newPasswordConfirmation',
};

/** Current password (unless the account has none), the new one twice: at least 8, at most 64. */
export function ChangePasswordForm({ hasPassword, onDone, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', newPasswordConfirmation: '' },
    validate: {
      currentPassword: (value) => problemText(currentPasswordProblem(value, hasPassword)),
      newPassword: (value) => problemText(newPasswordProblem(value)),
      newPasswordConfirmation: (value, values) =>
        problemText(confirmationProblem(values.newPassword, value)),
    },
  });

  async function handleSubmit(values: typeof form.values) {
    try {
      await changePassword(values);
      showSuccess(t('account.change_password.done'));
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(t, error, FIELD_NAMES);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else showError(error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {hasPassword ? (
          <PasswordInput
            label={t('account.change_password.current')}
            autoComplete="current-password"
            maxLength={LIMITS.password}
            required
            data-autofocus
            {...form.getInputProps('currentPassword')}
          />
        ) : null}
        <PasswordInput
          label={t('account.change_password.new')}
          description={t('account.change_password.new_hint')}
          autoComplete="new-password"
          maxLength={LIMITS.password}
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('account.change_password.confirmation')}
          autoComplete="new-password"
          maxLength={LIMITS.password}
          required
          {...form.getInputProps('newPasswordConfirmation')}
        />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={form.submitting}>
            {t('account.change_password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
