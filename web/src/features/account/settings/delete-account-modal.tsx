import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { showSuccess, useErrorDialog } from '@/components/ui';
import { paths } from '@/lib/paths';
import { confirmsDeletion, DELETE_PHRASE, LIMITS } from '@/lib/validation';

import { deleteAccount } from '../api/account-api';

interface DeleteAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Delete account': the button stays disabled until the typed phrase is 'i understand'
 * (case-insensitive, trimmed, double spaces collapsed). After deletion: logout.
 */
export function DeleteAccountModal({ opened, onClose }: DeleteAccountModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useErrorDialog();
  const [phrase, setPhrase] = useState('');
  const [deleting, setDeleting] = useState(false);
  const confirmed = confirmsDeletion(phrase);

  function handleClose() {
    setPhrase('');
    onClose();
  }

  async function handleDelete() {
    if (!confirmed) return;
    setDeleting(true);
    try {
      await deleteAccount();
      showSuccess(t('account.delete_account.done'));
      void navigate(paths.logout, { replace: true });
    } catch (error) {
      setDeleting(false);
      showError(error);
    }
  }

  return (
    <Modal opened={opened} onClose={handleClose} title={t('account.delete_account.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void handleDelete();
        }}
        noValidate
      >
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('account.delete_account.warning')}
          </Alert>
          <Text size="sm">
            <Trans
              i18nKey="account.delete_account.prompt"
              values={{ phrase: DELETE_PHRASE.toUpperCase() }}
              components={{ code: <Code fw={700} /> }}
            />
          </Text>
          <TextInput
            label={t('account.delete_account.phrase_label')}
            value={phrase}
            onChange={(event) => {
              setPhrase(event.currentTarget.value);
            }}
            maxLength={LIMITS.phrase}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={deleting}>
              {t('account.delete_account.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
