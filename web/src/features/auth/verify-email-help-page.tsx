import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { showSuccess, useErrorDialog } from '@/components/ui';
import { paths } from '@/lib/paths';
import { session, useSession } from '@/lib/session';

import { resendVerifyEmail } from './api/auth-api';

/** `/verify_email_help`: where the verification link went, and a button to send a new one. */
export function VerifyEmailHelpPage() {
  const { t } = useTranslation();
  const showError = useErrorDialog();
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  const email = user?.email ?? '';
  useDocumentTitle(t('app.document_title', { page: t('auth.verify_email_help.title') }));

  useEffect(() => {
    // The address may have been verified on another device since this user was loaded.
    session.reload().catch(() => undefined);
  }, []);

  async function handleResend() {
    setSending(true);
    try {
      await resendVerifyEmail();
      showSuccess(t('auth.verify_email_help.sent', { email }));
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('auth.verify_email_help.title')}
        </Title>
        {user?.email_verified === true ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />}>
            {t('auth.verify_email_help.verified', { email })}
          </Alert>
        ) : (
          <>
            <Text>{t('auth.verify_email_help.description', { email })}</Text>
            <Text c="dimmed">{t('auth.verify_email_help.tips')}</Text>
            <Group>
              <Button
                leftSection={<IconMail size={18} />}
                loading={sending}
                onClick={() => void handleResend()}
              >
                {t('auth.verify_email_help.resend')}
              </Button>
            </Group>
          </>
        )}
        <Group>
          <Button component={Link} to={paths.manuscripts} variant="default">
            {t('auth.verify_email_help.continue')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
