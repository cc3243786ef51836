/**
 * The My Stats modal ("View stats"): two tabs, 'yourWritingLifestyle' and 'wordCount', over the
 * writing in the device's store (live), which it fills with every device's writing from the
 * server when it opens online, in the writer's time zone (`settings.timezone`, else the
 * browser's).
 */
import '@mantine/charts/styles.css';

import { Center, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartBar, IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_MODAL_SIZE } from '@/components/ui';
import type { SessionUser } from '@/lib/session';
import { resolveTimeZone } from '@/lib/writing/zone';
import type { ReadPort } from '@/storage';
import { syncEngineFor } from '@/sync';

import { LifestyleTab } from './lifestyle-tab';
import { fetchNanowrimo as fetchFromServer } from './nanowrimo-api';
import type { FetchNanowrimo } from './nanowrimo-api';
import { myStatsFigures, useMyStatsRows } from './use-my-stats';
import { WordCountTab } from './word-count-tab';

/** How often the figures are read again while the modal is open (today moves at midnight). */
const CLOCK_TICK_MS = 60_000;

export interface MyStatsModalProps {
  opened: boolean;
  onClose: () => void;
  user: Pick<SessionUser, 'id' | 'settings'>;
  /** The user's rows (default: the sync engine's read port). */
  reads?: ReadPort;
  /** Brings every device's writing into `reads` (default: the sync engine's loader). */
  loadRecords?: () => Promise<void>;
  /** The clock (default: `Date.now`). */
  now?: () => number;
  fetchNanowrimo?: FetchNanowrimo;
  saveFile?: (name: string, blob: Blob) => void;
}

/** Offers a file to the browser as a download. */
function downloadFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

export function MyStatsModal({ opened, onClose, ...rest }: MyStatsModalProps) {
  const { t } = useTranslation();
  // A phone gets the whole screen for the charts.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('my_stats.title')}
      size={DEFAULT_MODAL_SIZE}
      fullScreen={phone}
    >
      {opened ? <MyStatsBody {...rest} /> : null}
    </Modal>
  );
}

/** Whose writing the figures count: while asking the server, then every device's or this one's. */
type Reach = 'loading' | 'every_device' | 'this_device';

/** Asks once for every device's writing; the figures show what the device has meanwhile. */
function useEveryDevice(load: () => Promise<void>): Reach {
  const [reach, setReach] = useState<Reach>('loading');
  useEffect(() => {
    let live = true;
    load().then(
      () => {
        if (live) setReach('every_device');
      },
      () => {
        if (live) setReach('this_device');
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return reach;
}

function MyStatsBody({
  user,
  reads,
  loadRecords,
  now = Date.now,
  fetchNanowrimo = fetchFromServer,
  saveFile = downloadFile,
}: Omit<MyStatsModalProps, 'opened' | 'onClose'>) {
  const { t } = useTranslation();
  const port = useMemo(() => reads ?? syncEngineFor(user.id).reads, [reads, user.id]);
  const load = useMemo(
    () => loadRecords ?? (() => syncEngineFor(user.id).loader.reloadWritingRecords()),
    [loadRecords, user.id],
  );
  const reach = useEveryDevice(load);
  const rows = useMyStatsRows(port);
  const [clock, setClock] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setClock(now());
    }, CLOCK_TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [now]);
  const timezone = resolveTimeZone(user.settings.timezone);
  const figures = useMemo(
    () => (rows ? myStatsFigures(rows, timezone, clock) : undefined),
    [rows, timezone, clock],
  );

  if (!rows || !figures) {
    return (
      <Center py="xl">
        <Loader aria-label={t('my_stats.loading')} />
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed" role="status">
        {t(`my_stats.reach.${reach}`)}
      </Text>
      <Tabs defaultValue="yourWritingLifestyle" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="yourWritingLifestyle" leftSection={<IconClockHour4 size={16} />}>
            {t('my_stats.tabs.yourWritingLifestyle')}
          </Tabs.Tab>
          <Tabs.Tab value="wordCount" leftSection={<IconChartBar size={16} />}>
            {t('my_stats.tabs.wordCount')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="yourWritingLifestyle" pt="md">
          <LifestyleTab figures={figures} />
        </Tabs.Panel>
        <Tabs.Panel value="wordCount" pt="md">
          <WordCountTab
            rows={rows}
            figures={figures}
            fetchNanowrimo={fetchNanowrimo}
            saveFile={saveFile}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
