import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { describeError } from '@/components/ui';
import { paths } from '@/lib/paths';

import { useVerifyEmail } from './api/verify-email';

function VerifyEmailResult({ token }: { token: string }) {
  const { t } = useTranslation();
  const state = useVerifyEmail(token);

  if (state.status === 'pending') {
    return (
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader />
        <Text>{t('auth.verify_email.pending')}</Text>
      </Stack>
    );
  }
  if (state.status === 'verified') {
    return (
      <Stack align="center" gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} w="100%">
          {t('auth.verify_email.verified')}
        </Alert>
        <Button component={Link} to={paths.manuscripts}>
          {t('auth.verify_email.continue')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="md">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('auth.verify_email.failed')}
        w="100%"
      >
        {describeError(t, { code: state.code }).body}
      </Alert>
      <Button component={Link} to={paths.verifyEmailHelp} variant="default">
        {t('auth.verify_email.get_help')}
      </Button>
    </Stack>
  );
}

/** Public page behind `/verify_email?token=`: verifies the address, showing the real outcome. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  useDocumentTitle(t('app.document_title', { page: t('auth.verify_email.title') }));
  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <Title order={1} ta="center" fz={{ base: 26, sm: 30 }}>
          {t('auth.verify_email.title')}
        </Title>
        {token === '' ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
            {t('auth.verify_email.missing_token')}
          </Alert>
        ) : (
          <VerifyEmailResult key={token} token={token} />
        )}
      </Stack>
    </Container>
  );
}
