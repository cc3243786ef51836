import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { env } from '@/config/env';
import { marketingPath } from '@/lib/paths';
import { currentMobileOs, isInsideAppShell } from '@/lib/platform';
import { storageKeys } from '@/lib/storage-keys';

/** Mobile web only: a dismissible banner asking to download the store app. */
export function StoreAppBanner() {
  const { t } = useTranslation();
  const os = useMemo(() => (isInsideAppShell() ? null : currentMobileOs()), []);
  const [dismissed, setDismissed] = useLocalStorage({
    key: storageKeys.storeBannerDismissed,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (os === null || dismissed) return null;

  const storeUrl = env.storeUrls[os];
  const downloadButton =
    storeUrl === undefined ? (
      <Button size="xs" component={Link} to={marketingPath('downloads')}>
        {t('store_banner.download')}
      </Button>
    ) : (
      <Button size="xs" component="a" href={storeUrl} target="_blank" rel="noopener noreferrer">
        {t('store_banner.download')}
      </Button>
    );

  function handleDismiss() {
    setDismissed(true);
  }

  return (
    <Paper
      radius={0}
      px="md"
      py="xs"
      bg="var(--mantine-primary-color-light)"
      role="region"
      aria-label={t('store_banner.label')}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconDeviceMobile size={20} stroke={1.6} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text size="sm">
            {t(os === 'ios' ? 'store_banner.text_ios' : 'store_banner.text_android')}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {downloadButton}
          <CloseButton aria-label={t('store_banner.dismiss')} onClick={handleDismiss} />
        </Group>
      </Group>
    </Paper>
  );
}
