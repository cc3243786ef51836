/**
 * The research board: every live research of the manuscript as a card (cover, name, the start
 * of its description, how many items) in the writer's order, searched across names,
 * descriptions and items; a new research; deleted ones below with a way back.
 */
import { Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { NameDialog } from '@/components/ui';

import { ResearchCard } from './research-card';
import { useResearchScreen } from './research-context';
import type { ResearchRecord } from './research-rules';
import { byOrder, cleanName, matchesSearch, moveResearch } from './research-rules';
import { ResearchTrash } from './research-trash';

/** A search box in a modal holds at most 128 characters. */
const SEARCH_MAX = 128;

export function ResearchBoard({ researches }: { researches: ResearchRecord[] }) {
  const { t } = useTranslation();
  const screen = useResearchScreen();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const live = researches.filter((research) => research.deleted_at === null).sort(byOrder);
  const trashed = researches.filter((research) => research.deleted_at !== null);
  const shown = live.filter((research) => matchesSearch(research, search));

  function move(research: ResearchRecord, by: -1 | 1) {
    for (const change of moveResearch(live, research.id, by)) {
      void screen.store.update(change.id, { _order: change._order });
    }
  }

  return (
    <Stack gap="md" data-testid="research-board">
      {screen.canWrite ? (
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setCreating(true);
          }}
        >
          {t('research.new')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('research.read_only')}
        </Text>
      )}
      <TextInput
        label={t('research.search')}
        placeholder={t('research.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={SEARCH_MAX}
        type="search"
        maw={420}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
        }}
      />
      {live.length === 0 ? (
        <Text c="dimmed">{t('research.empty')}</Text>
      ) : (
        shown.length === 0 && (
          <Text c="dimmed" role="status">
            {t('research.no_match')}
          </Text>
        )
      )}
      {shown.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="sm">
          {shown.map((research) => {
            const index = live.indexOf(research);
            return (
              <ResearchCard
                key={research.id}
                research={research}
                position={index}
                first={index === 0}
                last={index === live.length - 1}
                onMove={(by) => {
                  move(research, by);
                }}
              />
            );
          })}
        </SimpleGrid>
      )}
      <ResearchTrash researches={trashed} />
      {creating && (
        <NameDialog
          title={t('research.new_title')}
          label={t('research.name')}
          submitLabel={t('research.create')}
          requiredMessage={t('research.name_required')}
          onClose={() => {
            setCreating(false);
          }}
          onSubmit={async (name) => {
            const id = await screen.store.create(cleanName(name), researches);
            setCreating(false);
            screen.open(id);
          }}
        />
      )}
    </Stack>
  );
}
