import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { CommunicationSettingsForm } from '@/features/account/communication-settings-form';
import type { SessionUser } from '@/lib/session';

interface CommunicationSettingsModalProps {
  opened: boolean;
  onClose: () => void;
  user: SessionUser;
}

/** Communication settings open as a modal from the header menus (no account section). */
export function CommunicationSettingsModal({
  opened,
  onClose,
  user,
}: CommunicationSettingsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('header.settings_menu.communication_settings')}
      centered
    >
      {opened ? <CommunicationSettingsForm user={user} onSaved={onClose} /> : null}
    </Modal>
  );
}
