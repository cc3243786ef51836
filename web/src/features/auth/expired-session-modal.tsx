import { Anchor, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';

import { useErrorDialog } from '@/components/ui';
import { paths } from '@/lib/paths';
import { session, useSession } from '@/lib/session';
import type { SessionUser } from '@/lib/session';
import { LIMITS, passwordProblem, useProblemText } from '@/lib/validation';

import { logInAgain } from './api/auth-api';
import type { MfaMethod } from './api/auth-api';
import { readKeepLoggedIn } from './keep-logged-in';
import { MfaCodeForm } from './mfa-code-form';

interface MfaStep {
  method: MfaMethod;
  mfaToken: string;
}

function ReloginForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const showError = useErrorDialog();
  const revalidator = useRevalidator();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [mfa, setMfa] = useState<MfaStep | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => problemText(passwordProblem(value)) },
  });

  /** Success clears the flag and reloads server data. */
  function handleSignedIn(signedIn: SessionUser) {
    session.setUser(signedIn);
    session.reload().catch(() => undefined);
    void revalidator.revalidate();
  }

  async function handleSubmit({ password }: typeof form.values) {
    try {
      const result = await logInAgain({
        email: user.email,
        password,
        keepLoggedIn: readKeepLoggedIn(),
      });
      if (result.kind === 'signed_in') handleSignedIn(result.user);
      else setMfa({ method: result.method, mfaToken: result.mfaToken });
    } catch (error) {
      showError(error, { title: t('auth.error_title') });
    }
  }

  function handleInvalid() {
    passwordRef.current?.focus();
  }

  if (mfa) {
    return (
      <MfaCodeForm
        method={mfa.method}
        mfaToken={mfa.mfaToken}
        onSignedIn={handleSignedIn}
        onBack={() => {
          setMfa(null);
        }}
      />
    );
  }

  return (
    <form
      onSubmit={(event) => {
        form.onSubmit(handleSubmit, handleInvalid)(event);
      }}
      noValidate
    >
      <Stack gap="md">
        <Text>{t('session.expired')}</Text>
        <TextInput label={t('common.email')} value={user.email} readOnly variant="filled" />
        <PasswordInput
          ref={passwordRef}
          label={t('common.password')}
          autoComplete="current-password"
          maxLength={LIMITS.password}
          data-autofocus
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth.expired_session.submit')}
        </Button>
        <Anchor component={Link} to={paths.logout} size="sm" ta="center">
          {t('auth.expired_session.logout')}
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * When a token refresh fails while logged in, a blocking modal asks for the password again.
 * Persistent: no close button, no Esc, no click outside.
 */
export function ExpiredSessionModal() {
  const { t } = useTranslation();
  const { user, initialised, needsToLoginAgain } = useSession();
  const opened = initialised && user !== null && needsToLoginAgain;
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      title={t('auth.expired_session.title')}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
    >
      {user ? <ReloginForm key={user.id} user={user} /> : null}
    </Modal>
  );
}
