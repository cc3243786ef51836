/**
 * "View stats" as an icon button (the editor's header): opens My Stats, whose charts load on
 * first use so the button costs the editor nothing.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { useSession } from '@/lib/session';

const MyStatsModal = lazy(() =>
  import('./my-stats-modal').then((m) => ({ default: m.MyStatsModal })),
);

export function MyStatsButton() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [opened, modal] = useDisclosure(false);
  if (!user) return null;
  return (
    <>
      <Tooltip label={t('my_stats.open')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('my_stats.open')}
          data-testid="my-stats-button"
          onClick={modal.open}
        >
          <IconChartBar size={18} />
        </ActionIcon>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <MyStatsModal opened onClose={modal.close} user={user} />
        </Suspense>
      )}
    </>
  );
}
