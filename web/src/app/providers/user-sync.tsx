import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { QUOTA_NOTIFICATION_ID } from '@/features/manuscripts/shelf/use-shelf-data';
import { paths } from '@/lib/paths';
import { session, useSession } from '@/lib/session';
import { startSessionSync } from '@/sync';

export const DATABASE_CLOSED_NOTIFICATION_ID = 'local-database-closed';

/**
 * While someone is signed in (the session verified, or found offline), runs their sync
 * (outbox, loading, live channel, action logs; `sync/`), and stops it on logout — and while the
 * re-login modal waits, since the server refuses this session then (it starts again, reloading
 * server data, once the modal succeeds). A full device is shown; a local database that can no
 * longer be used logs out. Renders nothing; mounted once in the root layout.
 */
export function UserSync() {
  const { user, initialised, needsToLoginAgain } = useSession();
  const userId = user?.id;
  const navigate = useNavigate();
  const { t } = useTranslation();
  /** Bumped to start again after the server ended the channel's session. */
  const [generation, setGeneration] = useState(0);

  const handleDatabaseClosed = useEffectEvent(() => {
    notifications.show({
      id: DATABASE_CLOSED_NOTIFICATION_ID,
      color: 'red',
      title: t('storage.closed.title'),
      message: t('storage.closed.message'),
      autoClose: false,
    });
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
  // A refused session is refreshed once; if that fails the re-login modal shows (the session's
  // needsToLoginAgain). Either way the sync starts again after.
  const handleSessionEnded = useEffectEvent(() => {
    // Logged out on this device: nothing to check.
    if (!session.getState().user) return;
    session
      .reload()
      .catch(() => undefined)
      .finally(() => {
        setGeneration((current) => current + 1);
      });
  });

  useEffect(() => {
    // A screen let in on the cached user shows before the server has verified the session
    // (app/guards); the sync waits for that answer.
    if (!userId || !initialised || needsToLoginAgain) return;
    const running = startSessionSync({
      userId,
      reloadUser: () => session.reload(),
      logout: () => {
        handleDatabaseClosed();
      },
      onSessionEnded: () => {
        handleSessionEnded();
      },
      onQuota: () => {
        handleQuota();
      },
    });
    return () => {
      running.stop();
    };
  }, [userId, initialised, needsToLoginAgain, generation]);

  return null;
}
