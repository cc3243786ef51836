import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showError } from '@/components/ui';
import { isApiError } from '@/lib/api';
import type { LiveQuery, ManuscriptsPort, StoredFolder, StoredManuscript } from '@/storage';

export const QUOTA_NOTIFICATION_ID = 'storage-quota-exceeded';
/** Back online, wait this long, then sync and reload server data. */
export const ONLINE_RESYNC_DELAY_MS = 1000;

function useLive<T>(query: LiveQuery<T> | null): T | undefined {
  const [state, setState] = useState<{ query: LiveQuery<T>; value: T } | undefined>(undefined);
  useEffect(() => {
    if (!query) return;
    const subscription = query.subscribe({
      next: (value) => {
        setState({ query, value });
      },
      error: (error: unknown) => {
        console.error(error);
      },
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [query]);
  // A value of an earlier query (another user's port) is not shown.
  return state?.query === query ? state.value : undefined;
}

export interface ShelfData {
  folders: StoredFolder[];
  manuscripts: StoredManuscript[];
  /** False until the local database answered once. */
  loaded: boolean;
  /** The last attempt to reach the server got no answer. */
  offline: boolean;
}

/**
 * The user's folders and manuscripts, live from the local database (so the list shows before
 * the server answers); on mount, and 1 s after the browser is back online, pending changes are
 * sent and the server's rows merged in. Quota failures and refused changes are shown.
 */
export function useShelfData(port: ManuscriptsPort | null): ShelfData {
  const { t } = useTranslation();
  const [offline, setOffline] = useState(false);
  const folders = useLive(useMemo(() => port?.folders() ?? null, [port]));
  const manuscripts = useLive(useMemo(() => port?.manuscripts() ?? null, [port]));

  useEffect(() => {
    if (!port) return;
    let active = true;
    const sync = () => {
      port
        .flushPending()
        .then(() => port.refreshFromServer())
        .then(
          () => {
            if (active) setOffline(false);
          },
          (error: unknown) => {
            if (!active) return;
            if (isApiError(error) && ['network', 'timeout'].includes(error.kind)) setOffline(true);
            else console.warn('Refreshing the manuscripts failed', error);
          },
        );
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const backOnline = () => {
      clearTimeout(timer);
      timer = setTimeout(sync, ONLINE_RESYNC_DELAY_MS);
    };
    const goOffline = () => {
      setOffline(true);
    };
    sync();
    window.addEventListener('online', backOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      active = false;
      clearTimeout(timer);
      window.removeEventListener('online', backOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [port]);

  useEffect(() => {
    if (!port) return;
    return port.onProblem((problem) => {
      if (problem.type === 'quota') {
        notifications.show({
          id: QUOTA_NOTIFICATION_ID,
          color: 'red',
          title: t('manuscripts.storage_full.title'),
          message: t('manuscripts.storage_full.message'),
          autoClose: false,
          position: 'top-center',
        });
      } else {
        showError({ code: problem.code });
      }
    });
  }, [port, t]);

  return {
    folders: folders ?? [],
    manuscripts: manuscripts ?? [],
    loaded: folders !== undefined && manuscripts !== undefined,
    offline,
  };
}
