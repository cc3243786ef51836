/**
 * One research on the board: its cover (or an icon), name, the start of its description and how
 * many items it holds; its name (a button) opens its page, and a writer may move it earlier or
 * later.
 */
import { Card, Center, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { MoveButtons } from '@/components/ui';

import { useResearchScreen } from './research-context';
import type { ResearchRecord } from './research-rules';
import { htmlText } from './research-rules';

interface ResearchCardProps {
  research: ResearchRecord;
  /** The card's place in its list. */
  position: number;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}

export function ResearchCard({ research, position, first, last, onMove }: ResearchCardProps) {
  const { t } = useTranslation();
  const screen = useResearchScreen();
  const name = research.name.trim() === '' ? t('research.untitled') : research.name;
  const excerpt = htmlText(research.description).replace(/\s+/g, ' ').trim();

  return (
    <Card withBorder padding="sm" radius="md" data-testid="research-card">
      <Stack gap={6}>
        {/* The cover opens the page too, for a pointer; the name is the keyboard's way. */}
        <Card.Section
          onClick={() => {
            screen.open(research.id);
          }}
          style={{ cursor: 'pointer' }}
        >
          {research.cover !== '' ? (
            <Image src={research.cover} alt="" h={120} fit="cover" />
          ) : (
            <Center h={120} bg="var(--mantine-color-default-hover)">
              <IconBooks size={40} aria-hidden />
            </Center>
          )}
        </Card.Section>
        <UnstyledButton
          aria-label={t('research.open_research', { name })}
          onClick={() => {
            screen.open(research.id);
          }}
        >
          <Text fw={600} lineClamp={2}>
            {name}
          </Text>
        </UnstyledButton>
        {excerpt !== '' && (
          <Text size="sm" c="dimmed" lineClamp={3} data-testid="research-excerpt">
            {excerpt}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('research.item_count', { count: research.items.length })}
        </Text>
      </Stack>
      {screen.canWrite && (
        <MoveButtons
          earlierLabel={t('research.move_earlier', { name })}
          laterLabel={t('research.move_later', { name })}
          position={position}
          first={first}
          last={last}
          onMove={onMove}
        />
      )}
    </Card>
  );
}
