import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';

/** A green notice at the top for a finished action ('The color has been updated!'). */
export function showSuccess(message: string): void {
  notifications.show({
    color: 'green',
    message,
    icon: <IconCheck size={18} />,
    autoClose: 4000,
  });
}
