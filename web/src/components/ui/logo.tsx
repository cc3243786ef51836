import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Quire mark in the theme's primary colour, with the word mark beside it. */
export function Logo({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled)" />
        <circle cx="30" cy="30" r="15" fill="none" stroke="#fff" strokeWidth="6" />
        <path d="M35 36 L48 50" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <Text component="span" fw={700} fz="lg" lh={1}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
