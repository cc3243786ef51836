import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { isAccountSection } from '@/lib/paths';
import type { AccountSection } from '@/lib/paths';

import { AccountNav } from './account-nav';
import { ColorOptionsSection } from './color-options-section';

function SectionBody({ section }: { section: AccountSection }) {
  const { t } = useTranslation();
  if (section === 'color_options') return <ColorOptionsSection />;
  return <Text c="dimmed">{t('placeholder.coming_soon')}</Text>;
}

/** `account/:section`; the router answers 404 for unknown sections before this renders. */
export function AccountSectionPage() {
  const { t } = useTranslation();
  const { section } = useParams();
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
            <SectionBody section={active} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
