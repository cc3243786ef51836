import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';
import type { SessionUser } from '@/lib/session';
import { LIMITS, nameProblem, serverFieldErrors, useProblemText } from '@/lib/validation';

import { ChangePasswordForm } from '../change-password-form';
import { useSaveUser } from '../use-save-user';
import { ChangeEmailModal } from './change-email-modal';
import { DeleteAccountModal } from './delete-account-modal';
import { TIMEZONE_DEFAULT, timezoneNames, timezoneSelectValue, timezoneToSave } from './timezones';

function EmailField({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const verified = user.email_verified === true;
  return (
    <TextInput
      label={
        <Group gap="xs" component="span">
          {t('account.settings.email')}
          <Badge component="span" color={verified ? 'green' : 'yellow'} variant="light" size="sm">
            {verified
              ? t('account.settings.email_verified')
              : t('account.settings.email_unverified')}
          </Badge>
        </Group>
      }
      value={user.email}
      readOnly
      variant="filled"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        verified ? undefined : (
          <Anchor component={Link} to={paths.verifyEmailHelp} size="xs">
            {t('account.settings.verify_help')}
          </Anchor>
        )
      }
    />
  );
}

/** Account settings: name, time zone, email (read-only) and the email/password/delete actions. */
export function AccountSettingsSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const saveUser = useSaveUser();
  const [emailOpened, emailModal] = useDisclosure(false);
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const zones = useMemo(() => timezoneNames(), []);
  const zoneOptions = useMemo(
    () => [
      { value: TIMEZONE_DEFAULT, label: t('account.settings.timezone_default') },
      ...zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    ],
    [zones, t],
  );
  const form = useForm({
    initialValues: {
      name: user.name,
      timezone: timezoneSelectValue(user.settings.timezone, zones),
    },
    validate: { name: (value) => problemText(nameProblem(value)) },
  });

  async function handleSubmit(values: typeof form.values) {
    const outcome = await saveUser(
      { name: values.name.trim(), settings: { timezone: timezoneToSave(values.timezone) } },
      t('account.settings.saved'),
      {
        onFailure: (error) => {
          const fields = serverFieldErrors(t, error, { 'settings.timezone': 'timezone' });
          form.setErrors(fields);
          return Object.keys(fields).length > 0;
        },
      },
    );
    if (outcome.ok) form.resetDirty();
  }

  return (
    <Stack gap="lg" maw={560}>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('account.settings.name')}
            autoComplete="name"
            maxLength={LIMITS.name}
            required
            {...form.getInputProps('name')}
          />
          <Select
            label={t('account.settings.timezone')}
            data={zoneOptions}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('account.settings.timezone_nothing_found')}
            {...form.getInputProps('timezone')}
          />
          <EmailField user={user} />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <Group gap="sm">
        <Button variant="default" onClick={emailModal.open}>
          {t('account.settings.change_email')}
        </Button>
        <Button variant="default" onClick={passwordModal.open}>
          {t('account.settings.change_password')}
        </Button>
        <Button variant="light" color="red" onClick={deleteModal.open}>
          {t('account.settings.delete_account')}
        </Button>
      </Group>
      <ChangeEmailModal opened={emailOpened} onClose={emailModal.close} user={user} />
      <Modal
        opened={passwordOpened}
        onClose={passwordModal.close}
        title={t('account.change_password.title')}
        centered
      >
        <ChangePasswordForm
          hasPassword={user.meta?.doesnt_have_password !== true}
          onDone={passwordModal.close}
          onCancel={passwordModal.close}
        />
      </Modal>
      <DeleteAccountModal opened={deleteOpened} onClose={deleteModal.close} />
    </Stack>
  );
}
