// The manuscript's goal as the writer sets it: words, deadline and weekdays off (the daily goal
// follows from them), written through the workspace's local-first manuscript save.
import { Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { readDaysOff } from '@/lib/writing/goals';

import type { Workspace } from '../workspace/types';
import { EDIT_SAVE_DELAY_MS, reportSaveFailure } from './use-chapter-draft';

/** Weekdays in `Date.getDay()` numbering, Monday first as a writer's week reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
/** A day of the week with this date's weekday (2024-01-07 was a Sunday), for its local name. */
const weekdayDate = (day: number) => new Date(Date.UTC(2024, 0, 7 + day));

const DEADLINE = /^\d{4}-\d{2}-\d{2}$/;

/** The stored deadline as a date field holds it (`YYYY-MM-DD`), or empty. */
function deadlineValue(deadline: unknown): string {
  if (typeof deadline === 'string' && DEADLINE.test(deadline.slice(0, 10)))
    return deadline.slice(0, 10);
  return '';
}

/** Words, deadline and days off of the manuscript's goal, each saved as it changes. */
export function ManuscriptGoalsForm({ workspace }: { workspace: Workspace }) {
  const { t, i18n } = useTranslation();
  const goals = workspace.manuscript.goals;
  const storedWords = goals?.words ?? 0;
  const [words, setWords] = useState<number | string>(storedWords);
  const [seenWords, setSeenWords] = useState(storedWords);
  if (seenWords !== storedWords) {
    setSeenWords(storedWords);
    setWords(storedWords);
  }
  const daysOff = readDaysOff(goals?.daysoff);
  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
    return WEEK.map((day) => ({ day, label: format.format(weekdayDate(day)) }));
  }, [i18n.language]);

  const save = (changes: NonNullable<Workspace['manuscript']['goals']>) => {
    workspace.saveManuscript({ goals: changes }).catch(reportSaveFailure);
  };
  const saveWords = useDebouncedCallback(
    (value: number) => {
      if (value !== (workspace.manuscript.goals?.words ?? 0)) save({ words: value });
    },
    { delay: EDIT_SAVE_DELAY_MS, flushOnUnmount: true },
  );

  return (
    <Stack gap="xs">
      <NumberInput
        label={t('properties.goals.manuscript_words')}
        value={words}
        min={0}
        allowNegative={false}
        allowDecimal={false}
        thousandSeparator
        onChange={(value) => {
          setWords(value);
          if (typeof value === 'number' && value >= 0) saveWords(value);
          else if (value === '') saveWords(0);
        }}
        onBlur={() => {
          saveWords.flush();
        }}
      />
      <TextInput
        type="date"
        label={t('properties.goals.deadline')}
        description={t('properties.goals.deadline_hint')}
        value={deadlineValue(goals?.deadline)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (value === '' || DEADLINE.test(value)) save({ deadline: value === '' ? null : value });
        }}
      />
      <Checkbox.Group
        label={t('properties.goals.days_off')}
        description={t('properties.goals.days_off_hint')}
        value={daysOff.map(String)}
        onChange={(values) => {
          save({ daysoff: WEEK.filter((day) => values.includes(String(day))) });
        }}
      >
        <Group gap="xs" mt={4}>
          {weekdays.map(({ day, label }) => (
            <Checkbox key={day} value={String(day)} label={label} size="xs" />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
