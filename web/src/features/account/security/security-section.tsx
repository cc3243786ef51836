import { Alert, Button, Divider, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { MfaMode, SessionUser } from '@/lib/session';

import { DevicesList } from './devices-list';
import { DisableMfaModal } from './disable-mfa-modal';
import { SmsSetupModal } from './sms-setup-modal';
import { TotpSetupModal } from './totp-setup-modal';
import { twoFactorAction } from './two-factor-action';
import type { TwoFactorAction } from './two-factor-action';

const MODES: readonly MfaMode[] = ['none', 'totp', 'sms'];

function isMfaMode(value: string): value is MfaMode {
  return (MODES as readonly string[]).includes(value);
}

function TwoFactorStatus({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const mode = user.settings.mfa_enabled ?? 'none';
  if (mode === 'sms') {
    return (
      <Text size="sm">
        {t('account.security.status_sms', { phone: user.settings.mfa_sms_phone_number ?? '' })}
      </Text>
    );
  }
  return (
    <Text size="sm">
      {mode === 'totp' ? t('account.security.status_totp') : t('account.security.status_none')}
    </Text>
  );
}

/** Security: the two-factor choice (subscribers only) and the signed-in devices. */
export function SecuritySection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const entitled = user.entitlements?.can_use_two_factor === true;
  const current = user.settings.mfa_enabled ?? 'none';
  // Without Premium (no two-factor entitlement) the selection resets to none.
  const [chosen, setChosen] = useState<MfaMode>(entitled ? current : 'none');
  const [open, setOpen] = useState<TwoFactorAction | null>(null);
  const action = twoFactorAction(chosen, current, entitled);

  function handleSave() {
    setOpen(action);
  }

  function handleClose() {
    setOpen(null);
  }

  return (
    <Stack gap="xl" maw={640}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('account.security.two_factor')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('account.security.description')}
        </Text>
        <TwoFactorStatus user={user} />
        {entitled ? null : (
          <Alert variant="light" color="yellow" icon={<IconLock size={18} />}>
            {t('account.security.subscribers_only')}
          </Alert>
        )}
        <Radio.Group
          value={entitled ? chosen : 'none'}
          onChange={(value) => {
            if (isMfaMode(value)) setChosen(value);
          }}
          aria-label={t('account.security.two_factor')}
        >
          <Stack gap="sm">
            <Radio value="none" label={t('account.security.option_none')} />
            <Radio value="totp" label={t('account.security.option_totp')} disabled={!entitled} />
            <Radio value="sms" label={t('account.security.option_sms')} disabled={!entitled} />
          </Stack>
        </Radio.Group>
        <Group>
          <Button onClick={handleSave} disabled={action === null}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
      <Divider />
      <DevicesList />
      <TotpSetupModal opened={open === 'totp'} onClose={handleClose} />
      <SmsSetupModal opened={open === 'sms'} onClose={handleClose} />
      <DisableMfaModal
        opened={open === 'disable'}
        onClose={handleClose}
        hasPassword={user.meta?.doesnt_have_password !== true}
      />
    </Stack>
  );
}
