import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CodeInput, showSuccess, useErrorDialog } from '@/components/ui';
import { codeProblem, useProblemText } from '@/lib/validation';

import { finishSmsSetup, startSmsSetup } from '../api/two-factor-api';
import { phoneCountry } from './phone/phone-countries';
import { toE164 } from './phone/phone-rules';
import { SmsPhoneForm } from './sms-phone-form';
import type { PhoneEntry } from './sms-phone-form';
import { SMS_RESEND_SECONDS, useCountdown } from './use-countdown';
import { keepAnsweredUser, useVerificationError } from './verification-errors';

interface SentCode {
  entry: PhoneEntry;
  phoneNumber: string;
  smsSessionId: string;
  /** When another SMS may be asked for (epoch ms). */
  resendAt: number;
}

function useSendSms() {
  const { t } = useTranslation();
  const showError = useErrorDialog();
  return async (entry: PhoneEntry): Promise<SentCode | null> => {
    const phoneNumber = toE164(entry.phone, phoneCountry(entry.countryCode));
    try {
      const result = await startSmsSetup(phoneNumber);
      if (result.kind === 'wait') {
        showError(null, {
          title: t('account.security.sms_error'),
          message: t('account.security.sms_setup.delay', { n: result.seconds }),
        });
        return null;
      }
      const resendAt = result.sentAt + SMS_RESEND_SECONDS * 1000;
      return { entry, phoneNumber, smsSessionId: result.smsSessionId, resendAt };
    } catch (error) {
      showError(error, {
        title: t('account.security.sms_error'),
        message: t('account.security.phone_not_valid'),
      });
      return null;
    }
  };
}

interface SmsCodeFormProps {
  sent: SentCode;
  onResent: (sent: SentCode) => void;
  onChangePhone: () => void;
  onDone: () => void;
}

/** SMS set-up, step 2: the code, a resend after 60 s (with countdown), or another number. */
function SmsCodeForm({ sent, onResent, onChangePhone, onDone }: SmsCodeFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showVerificationError = useVerificationError();
  const sendSms = useSendSms();
  const wait = useCountdown(sent.resendAt);
  const [resending, setResending] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => problemText(codeProblem(value)) },
  });

  async function handleSubmit({ code }: typeof form.values) {
    try {
      await keepAnsweredUser(await finishSmsSetup(sent.smsSessionId, code, sent.phoneNumber));
      showSuccess(t('account.security.enabled'));
      onDone();
    } catch (error) {
      showVerificationError(error);
    }
  }

  async function handleResend() {
    setResending(true);
    const again = await sendSms(sent.entry);
    setResending(false);
    if (again) onResent(again);
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('account.security.sms_setup.sent', { phone: sent.phoneNumber })}</Text>
        <CodeInput
          label={t('account.security.code')}
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Group justify="space-between">
          <Button
            variant="subtle"
            px={0}
            disabled={wait > 0}
            loading={resending}
            onClick={() => void handleResend()}
          >
            {wait > 0
              ? t('account.security.sms_setup.resend_in', { seconds: wait })
              : t('account.security.sms_setup.resend')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('account.security.verify')}
          </Button>
        </Group>
        <Anchor component="button" type="button" size="sm" onClick={onChangePhone}>
          {t('account.security.sms_setup.change_phone')}
        </Anchor>
      </Stack>
    </form>
  );
}

function SmsSetupBody({ onDone }: { onDone: () => void }) {
  const sendSms = useSendSms();
  const [entry, setEntry] = useState<PhoneEntry | null>(null);
  const [sent, setSent] = useState<SentCode | null>(null);

  async function handlePhone(next: PhoneEntry) {
    setEntry(next);
    setSent(await sendSms(next));
  }

  if (sent === null) return <SmsPhoneForm initial={entry} onSubmit={handlePhone} />;
  return (
    <SmsCodeForm
      sent={sent}
      onResent={setSent}
      onChangePhone={() => {
        setSent(null);
      }}
      onDone={onDone}
    />
  );
}

interface SmsSetupModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SMS two-factor set-up: step 1 the phone, step 2 the code it received. */
export function SmsSetupModal({ opened, onClose }: SmsSetupModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('account.security.sms_setup.title')} centered>
      {opened ? <SmsSetupBody onDone={onClose} /> : null}
    </Modal>
  );
}
