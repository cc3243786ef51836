import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CommunicationSettingsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Communication settings open as a modal (no account section); its form lands later. */
export function CommunicationSettingsModal({ opened, onClose }: CommunicationSettingsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('header.settings_menu.communication_settings')}
      centered
    >
      <Text c="dimmed">{t('placeholder.coming_soon')}</Text>
    </Modal>
  );
}
