import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess, useErrorDialog } from '@/components/ui';
import { useSession } from '@/lib/session';

import { listSessions, revokeSession } from '../api/account-api';
import type { DeviceSession } from '../api/account-api';
import { describeUserAgent } from './describe-user-agent';

type DevicesState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; sessions: DeviceSession[] };

function useDeviceName(): (session: DeviceSession) => string {
  const { t } = useTranslation();
  return (session) => {
    const { browser, os } = describeUserAgent(session.user_agent);
    if (browser && os) return t('account.security.devices.device', { browser, os });
    return browser ?? os ?? t('account.security.devices.unknown');
  };
}

function DeviceRow({ session, onRevoke }: { session: DeviceSession; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const deviceName = useDeviceName();
  const name = deviceName(session);
  const date = (ms: number) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(ms));
  return (
    <Card withBorder padding="sm" radius="md" component="li">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <IconDeviceDesktop size={22} stroke={1.5} aria-hidden="true" />
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              {session.current ? (
                <Badge variant="light">{t('account.security.devices.this_device')}</Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {t('account.security.devices.details', {
                ip: session.ip,
                date: date(session.last_seen_at),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('account.security.devices.signed_in', { date: date(session.created_at) })}
            </Text>
          </Stack>
        </Group>
        {session.current ? null : (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={onRevoke}
            aria-label={t('account.security.devices.revoke_label', { device: name })}
          >
            {t('account.security.devices.revoke')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The devices where the account is signed in, with a way to log the others out. */
export function DevicesList() {
  const { t } = useTranslation();
  const showError = useErrorDialog();
  const [state, setState] = useState<DevicesState>({ status: 'loading' });

  /** Bumped to load the list again (after a revoke). */
  const [version, setVersion] = useState(0);

  // Loaded again once a re-login restores an expired session.
  const { needsToLoginAgain } = useSession();

  useEffect(() => {
    if (needsToLoginAgain) return undefined;
    let active = true;
    listSessions().then(
      (sessions) => {
        if (active) setState({ status: 'ready', sessions });
      },
      () => {
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [version, needsToLoginAgain]);

  async function handleRevoke(id: string) {
    try {
      await revokeSession(id);
      showSuccess(t('account.security.devices.revoked'));
      setVersion((current) => current + 1);
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('account.security.devices.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.security.devices.description')}
      </Text>
      {state.status === 'loading' ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
      {state.status === 'failed' ? (
        <Alert color="red" variant="light">
          {t('account.security.devices.load_failed')}
        </Alert>
      ) : null}
      {state.status === 'ready' ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {state.sessions.map((session) => (
            <DeviceRow
              key={session.id}
              session={session}
              onRevoke={() => void handleRevoke(session.id)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
