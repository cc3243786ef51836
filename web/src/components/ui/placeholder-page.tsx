import { Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PlaceholderPageProps {
  title: string;
  /** Defaults to the generic "coming soon" line. */
  description?: string;
  /** Extra actions (links to related screens). */
  children?: ReactNode;
}

/** A screen that is routed but not built yet: its title and a short "coming soon" line. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('app.document_title', { page: title }));
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconTools size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={480}>
          {description ?? t('placeholder.coming_soon')}
        </Text>
        {children}
      </Stack>
    </Container>
  );
}
