// The landing page: what Quire is and does, and the way in (or back to the manuscripts).
import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBooks, IconCloudOff, IconShare, IconTarget } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { EntryActions } from '@/components/ui';

/** What a writer does with Quire, one card each: the key under `marketing.home.features`. */
const FEATURES = [
  { key: 'organise', Icon: IconBooks },
  { key: 'offline', Icon: IconCloudOff },
  { key: 'goals', Icon: IconTarget },
  { key: 'share', Icon: IconShare },
] as const;

/** `/home`, where a signed-out visitor of `/` lands. */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.document_title', { page: t('marketing.pages.home') }));
  return (
    <Container size="md" py={{ base: 'xl', sm: 64 }} px="md">
      <Stack gap="xl">
        <Stack align="center" ta="center" gap="md">
          <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
            {t('marketing.pages.home')}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} maw={600}>
            {t('marketing.home.lead')}
          </Text>
          <EntryActions size="md" />
          <Text size="sm">{t('marketing.home.trial')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" p={0} m={0}>
          {FEATURES.map(({ key, Icon }) => (
            <Paper
              key={key}
              component="li"
              withBorder
              radius="md"
              p="lg"
              style={{ listStyle: 'none' }}
            >
              <Stack gap="xs">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
                  <Icon size={22} stroke={1.6} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {t(`marketing.home.features.${key}.title`)}
                </Title>
                <Text size="sm">{t(`marketing.home.features.${key}.text`)}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
