import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigation } from 'react-router';

import { paths } from '@/lib/paths';

interface LogoutConfirmModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Are you sure you want to logout?' with Close and Logout; shows 'Logging out...' meanwhile. */
export function LogoutConfirmModal({ opened, onClose }: LogoutConfirmModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loggingOut = navigation.state !== 'idle' && navigation.location.pathname === paths.logout;

  function handleLogout() {
    void navigate(paths.logout);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('logout.title')} centered>
      <Text>{t('logout.confirm')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loggingOut}>
          {t('common.close')}
        </Button>
        <Button
          color="red"
          onClick={handleLogout}
          loading={loggingOut}
          loaderProps={{ type: 'dots' }}
        >
          {loggingOut ? t('logout.logging_out') : t('logout.action')}
        </Button>
      </Group>
    </Modal>
  );
}
