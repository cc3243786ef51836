import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { QUOTA_NOTIFICATION_ID } from '@/features/manuscripts/shelf/use-shelf-data';
import { paths } from '@/lib/paths';
import { session, useSession } from '@/lib/session';
import { startSessionSync } from '@/sync';

export const DATABASE_CLOSED_NOTIFICATION_ID = 'local-database-closed';

/**
 * While someone is signed in, runs their sync (outbox, loading, live channel, action logs;
 * `sync/`), and stops it on logout. A full device is shown; a local database that can no
 * longer be used, or a session ended elsewhere, logs out (spec §4 "Session", §8). Renders
 * nothing; mounted once in the root layout.
 */
export function UserSync() {
  const userId = useSession().user?.id;
  const navigate = useNavigate();
  const { t } = useTranslation();

  const handleLogout = useEffectEvent((reason: 'session' | 'database') => {
    if (reason === 'database') {
      notifications.show({
        id: DATABASE_CLOSED_NOTIFICATION_ID,
        color: 'red',
        title: t('storage.closed.title'),
        message: t('storage.closed.message'),
        autoClose: false,
      });
    }
    void navigate(paths.logout);
  });
  const handleQuota = useEffectEvent(() => {
    notifications.show({
      id: QUOTA_NOTIFICATION_ID,
      color: 'red',
      title: t('manuscripts.storage_full.title'),
      message: t('manuscripts.storage_full.message'),
      autoClose: false,
    });
  });

  useEffect(() => {
    if (!userId) return;
    const running = startSessionSync({
      userId,
      reloadUser: () => session.reload(),
      logout: (reason) => {
        handleLogout(reason);
      },
      onQuota: () => {
        handleQuota();
      },
    });
    return () => {
      running.stop();
    };
  }, [userId]);

  return null;
}
