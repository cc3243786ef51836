import { Alert, Button, Center, Code, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CodeInput, showSuccess } from '@/components/ui';
import { codeProblem, useProblemText } from '@/lib/validation';

import { finishTotpSetup, startTotpSetup } from '../api/two-factor-api';
import type { TotpSetup } from '../api/two-factor-api';
import { QrCodeImage } from './qr-code-image';
import { keepAnsweredUser, useVerificationError } from './verification-errors';

type SetupState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; setup: TotpSetup };

function TotpCodeForm({ setup, onDone }: { setup: TotpSetup; onDone: () => void }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showVerificationError = useVerificationError();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => problemText(codeProblem(value)) },
  });

  async function handleSubmit({ code }: typeof form.values) {
    try {
      await keepAnsweredUser(await finishTotpSetup(setup.factor_sid, code));
      showSuccess(t('account.security.enabled'));
      onDone();
    } catch (error) {
      showVerificationError(error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('account.security.totp.scan')}</Text>
        <Center>
          <QrCodeImage value={setup.qr} alt={t('account.security.totp.qr_alt')} />
        </Center>
        <Text size="sm" c="dimmed">
          {t('account.security.totp.secret')}
        </Text>
        <Code block ta="center" fz="md" style={{ letterSpacing: '0.1em', wordBreak: 'break-all' }}>
          {setup.secret}
        </Code>
        <Text size="sm">{t('account.security.totp.code')}</Text>
        <CodeInput label={t('account.security.code')} {...form.getInputProps('code')} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('account.security.verify')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TotpSetupBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<SetupState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    startTotpSetup().then(
      (setup) => {
        if (active) setState({ status: 'ready', setup });
      },
      () => {
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  if (state.status === 'loading') {
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader />
      </Center>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('account.security.start_failed')}
      </Alert>
    );
  }
  return <TotpCodeForm setup={state.setup} onDone={onDone} />;
}

interface TotpSetupModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Authentication app set-up: scan the QR code (or type the key), then confirm a code. */
export function TotpSetupModal({ opened, onClose }: TotpSetupModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('account.security.totp.title')} centered>
      {opened ? <TotpSetupBody onDone={onClose} /> : null}
    </Modal>
  );
}
