import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { isAccountSection } from '@/lib/paths';
import type { AccountSection } from '@/lib/paths';
import { useSession } from '@/lib/session';
import type { SessionUser } from '@/lib/session';

import { AccountNav } from './account-nav';
import { AiLanguageSection } from './ai-language/ai-language-section';
import { ColorOptionsSection } from './color-options/color-options-section';
import { ManuscriptSettingsSection } from './manuscript-settings-section';
import { SecuritySection } from './security/security-section';
import { AccountSettingsSection } from './settings/account-settings-section';

function SectionBody({ section, user }: { section: AccountSection; user: SessionUser }) {
  const { t } = useTranslation();
  switch (section) {
    case 'settings':
      return <AccountSettingsSection user={user} />;
    case 'manuscript_settings':
      return <ManuscriptSettingsSection user={user} />;
    case 'color_options':
      return <ColorOptionsSection user={user} />;
    case 'security':
      return <SecuritySection user={user} />;
    case 'ai_language_settings':
      return <AiLanguageSection user={user} />;
    case 'subscription':
      return <Text c="dimmed">{t('placeholder.coming_soon')}</Text>;
  }
}

/** `account/:section`; the router answers 404 for unknown sections before this renders. */
export function AccountSectionPage() {
  const { t } = useTranslation();
  const { section } = useParams();
  const { user } = useSession();
  const active: AccountSection = isAccountSection(section) ? section : 'settings';
  const title = t(`account.sections.${active}`);
  useDocumentTitle(t('app.document_title', { page: title }));
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <Stack gap="xs">
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {t('account.title')}
            </Text>
            <AccountNav active={active} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <Stack gap="lg">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {title}
            </Title>
            {/* Keyed by user so that forms start again from a user loaded anew. */}
            {user ? (
              <SectionBody key={`${active}:${user.id}`} section={active} user={user} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
