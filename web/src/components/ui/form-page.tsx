import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormPageProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A titled screen of the simple layout (login, sign-up, password screens). */
export function FormPage({ title, description, children }: FormPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('app.document_title', { page: title }));
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description === undefined ? null : <Text c="dimmed">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
