/**
 * The notes of one tab: search, sort, the manuscript notes' filter, New note, and the notes in
 * their date groups (the rules are `note-rules.ts`). Each note opens with a click or Enter.
 */
import {
  Badge,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useGrowingList } from '@/lib/use-growing-list';
import { resolveTimeZone } from '@/lib/writing/zone';

import {
  attachmentOf,
  firstNotes,
  groupNotes,
  htmlText,
  NOTE_FILTERS,
  NOTE_SORTS,
} from './note-rules';
import type { NoteFilter, NoteRow, NoteSort } from './note-rules';

/** Searches are typed in a box of at most this many characters. */
const SEARCH_MAX = 128;

interface NotesListProps {
  notes: NoteRow[];
  loading: boolean;
  /** The manuscript tab: the filter shows, and each note says what it is attached to. */
  withFilter: boolean;
  attachedNames: ReadonlyMap<string, string>;
  timeZoneSetting: string | null | undefined;
  canCreate: boolean;
  onOpen: (note: NoteRow) => void;
  onCreate: () => void;
}

export function NotesList(props: NotesListProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<NoteSort>('edited');
  const [filter, setFilter] = useState<NoteFilter>('all');
  // Groups are drawn from when the list opened (it opens again after each note).
  const [now] = useState(() => Date.now());
  const timeZone = resolveTimeZone(props.timeZoneSetting);
  const shownFilter = props.withFilter ? filter : 'all';
  const groups = useMemo(
    () =>
      groupNotes(props.notes, {
        search,
        sort,
        filter: shownFilter,
        now,
        timeZone,
      }),
    [props.notes, search, sort, shownFilter, timeZone, now],
  );
  const total = useMemo(() => groups.reduce((sum, { notes }) => sum + notes.length, 0), [groups]);
  const { count, sentinel } = useGrowingList(total, `${shownFilter}/${sort}/${search}`);
  const drawn = useMemo(() => firstNotes(groups, count), [groups, count]);
  // A group drawn in part still tells assistive technology how many notes it holds.
  const groupSizes = useMemo(
    () => new Map(groups.map(({ group, notes }) => [group, notes.length])),
    [groups],
  );
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    [i18n.language, timeZone],
  );

  return (
    <Stack
      gap="sm"
      data-testid="quick-notes-list"
      data-scope={props.withFilter ? 'manuscript' : 'global'}
      data-search={search}
      data-sort={sort}
      data-filter={shownFilter}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 14rem' }}
          label={t('quick_notes.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={SEARCH_MAX}
          type="search"
          onChange={(event) => {
            setSearch(event.currentTarget.value);
          }}
        />
        <Select
          style={{ flex: '0 1 12rem' }}
          label={t('quick_notes.sort.label')}
          data={NOTE_SORTS.map((value) => ({ value, label: t(`quick_notes.sort.${value}`) }))}
          value={sort}
          allowDeselect={false}
          onChange={(value) => {
            if (value) setSort(value);
          }}
        />
        {props.canCreate && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={props.onCreate}
            data-testid="note-new"
          >
            {t('quick_notes.new')}
          </Button>
        )}
      </Group>
      {props.withFilter && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="quick-notes-filter-label">
            {t('quick_notes.filter.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="quick-notes-filter-label"
            fullWidth
            value={filter}
            onChange={(value) => {
              setFilter(value);
            }}
            data={NOTE_FILTERS.map((value) => ({ value, label: t(`quick_notes.filter.${value}`) }))}
          />
        </Stack>
      )}
      {props.loading && <Loader size="sm" aria-label={t('quick_notes.loading')} />}
      {!props.loading && groups.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="quick-notes-empty">
          {props.notes.length === 0 ? t('quick_notes.empty') : t('quick_notes.no_match')}
        </Text>
      )}
      {drawn.map(({ group, notes }) => (
        <section key={group} aria-labelledby={`quick-notes-group-${group}`}>
          <Title order={3} size="h6" c="dimmed" id={`quick-notes-group-${group}`} mb={4}>
            {t(`quick_notes.groups.${group}`)}
          </Title>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {notes.map((note, index) => {
              const attachment = props.withFilter ? attachmentOf(note) : null;
              const time = sort === 'created' ? note.created_at : note.updated_at;
              const snippet = htmlText(note.content).slice(0, 140);
              return (
                <li
                  key={note.id}
                  aria-setsize={groupSizes.get(group) ?? notes.length}
                  aria-posinset={index + 1}
                >
                  <UnstyledButton
                    data-testid="quick-note-item"
                    onClick={() => {
                      props.onOpen(note);
                    }}
                    w="100%"
                    p="xs"
                    style={{
                      border: '1px solid var(--mantine-color-default-border)',
                      borderRadius: 'var(--mantine-radius-sm)',
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} truncate>
                        {note.title}
                      </Text>
                      {attachment && (
                        <Badge variant="light" style={{ flexShrink: 0 }}>
                          {t(`quick_notes.filter.${attachment.kind}`)}
                          {props.attachedNames.has(attachment.id)
                            ? `: ${props.attachedNames.get(attachment.id) ?? ''}`
                            : ''}
                        </Badge>
                      )}
                    </Group>
                    {snippet !== '' && (
                      <Text size="sm" lineClamp={2}>
                        {snippet}
                      </Text>
                    )}
                    {time !== undefined && (
                      <Text size="xs" c="dimmed">
                        {dateFormat.format(time)}
                      </Text>
                    )}
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        </section>
      ))}
      {sentinel && <div ref={sentinel} aria-hidden />}
    </Stack>
  );
}
