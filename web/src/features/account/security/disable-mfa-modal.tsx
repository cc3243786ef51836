import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { showSuccess, useErrorDialog } from '@/components/ui';
import { LIMITS, passwordProblem, serverFieldErrors, useProblemText } from '@/lib/validation';

import { disableMfa } from '../api/two-factor-api';
import { keepAnsweredUser } from './verification-errors';

interface DisableMfaFormProps {
  hasPassword: boolean;
  onDone: () => void;
  onCancel: () => void;
}

function DisableMfaForm({ hasPassword, onDone, onCancel }: DisableMfaFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (hasPassword ? problemText(passwordProblem(value)) : null) },
  });

  async function handleSubmit({ password }: typeof form.values) {
    try {
      await keepAnsweredUser(await disableMfa(password));
      showSuccess(t('account.security.disabled'));
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(t, error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else showError(error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('account.security.disable_description')}</Text>
        {hasPassword ? (
          <PasswordInput
            label={t('common.password')}
            autoComplete="current-password"
            maxLength={LIMITS.password}
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={form.submitting}>
            {t('account.security.disable_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface DisableMfaModalProps {
  opened: boolean;
  onClose: () => void;
  hasPassword: boolean;
}

/** Choosing None: turns two-factor off after the password (`auth/disable_mfa`). */
export function DisableMfaModal({ opened, onClose, hasPassword }: DisableMfaModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('account.security.disable_title')} centered>
      {opened ? (
        <DisableMfaForm hasPassword={hasPassword} onDone={onClose} onCancel={onClose} />
      ) : null}
    </Modal>
  );
}
