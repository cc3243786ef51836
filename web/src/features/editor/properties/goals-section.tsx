import { Group, NumberInput, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { dailyGoal } from '@/lib/writing/goals';

import { countsTowardManuscript } from '../stats/manuscript-words';
import { useClock } from '../stats/use-clock';
import type { ChapterRow, Workspace } from '../workspace/types';
import { ManuscriptGoalsForm } from './manuscript-goals-form';
import { EDIT_SAVE_DELAY_MS, reportSaveFailure } from './use-chapter-draft';
import type { SaveChapter } from './use-chapter-draft';

interface GoalsProps {
  workspace: Workspace;
  chapter: ChapterRow;
  chapterWords: number;
  manuscriptWords: number;
  /** Today's words (`manuscriptTodayWords`) and the signed net they come from. */
  today: TodayCount;
  readOnly: boolean;
  save: SaveChapter;
}

export interface TodayCount {
  words: number;
  net: number;
}

/** The chapter's goal; the manuscript's count, today's words, goal and daily goal. */
export function GoalsSection({
  workspace,
  chapter,
  chapterWords,
  manuscriptWords,
  today,
  readOnly,
  save,
}: GoalsProps) {
  const { t } = useTranslation();
  const stored = chapter.goals?.words ?? 0;
  const [goal, setGoal] = useState<number | string>(stored);
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setGoal(stored);
  }
  const saveGoal = useDebouncedCallback(
    (value: number) => {
      save((c) => (c.goals?.words === value ? {} : { goals: { ...c.goals, words: value } }));
    },
    { delay: EDIT_SAVE_DELAY_MS, flushOnUnmount: true },
  );

  const target = typeof goal === 'number' ? goal : stored;

  return (
    <Stack gap="xs">
      <Title order={5}>{t('properties.goals.label')}</Title>
      <NumberInput
        label={t('properties.goals.chapter_goal')}
        value={goal}
        min={0}
        allowNegative={false}
        allowDecimal={false}
        thousandSeparator
        readOnly={readOnly}
        onChange={(value) => {
          setGoal(value);
          if (typeof value === 'number' && value >= 0) saveGoal(value);
        }}
        onBlur={() => {
          saveGoal.flush();
        }}
      />
      {target > 0 ? (
        <>
          <Progress
            value={Math.min(100, (chapterWords / target) * 100)}
            aria-label={t('properties.goals.progress_label')}
          />
          <Text size="xs" c="dimmed">
            {t('properties.goals.progress', {
              words: chapterWords.toLocaleString(),
              goal: target.toLocaleString(),
            })}
          </Text>
        </>
      ) : (
        <Text size="xs" c="dimmed">
          {t('properties.goals.no_goal')}
        </Text>
      )}
      <ManuscriptGoals workspace={workspace} manuscriptWords={manuscriptWords} today={today} />
      {!readOnly && <ManuscriptGoalsForm workspace={workspace} />}
    </Stack>
  );
}

function ManuscriptGoals({
  workspace,
  manuscriptWords,
  today,
}: {
  workspace: Workspace;
  manuscriptWords: number;
  today: TodayCount;
}) {
  const { t } = useTranslation();
  const { now, offset } = useClock();
  const { manuscript } = workspace;
  const goalWords = manuscript.goals?.words ?? 0;
  // What counts toward the goal before today: today's net taken off, so the daily target does
  // not shrink while the writer writes.
  const daily = dailyGoal({
    goalWords,
    written: Math.max(0, manuscriptWords - today.net),
    deadline: manuscript.goals?.deadline,
    daysOff: manuscript.goals?.daysoff,
    now,
    offsetMin: offset,
  });
  const line = (label: string, value: string, testId: string) => (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );

  return (
    <Stack gap={4} mt="xs">
      {line(
        t('writing_stats.manuscript_words'),
        t('writing_stats.words', { count: manuscriptWords }),
        'manuscript-words',
      )}
      {line(
        t('properties.goals.today_words'),
        t('writing_stats.words', { count: today.words }),
        'today-words',
      )}
      {goalWords > 0 ? (
        line(
          t('writing_stats.manuscript_goal'),
          t('writing_stats.words', { count: goalWords }),
          'manuscript-goal',
        )
      ) : (
        <Text size="xs" c="dimmed">
          {t('writing_stats.no_goal')}
        </Text>
      )}
      {daily !== null &&
        line(
          t('writing_stats.daily_goal'),
          t('writing_stats.words', { count: daily }),
          'daily-goal',
        )}
    </Stack>
  );
}

/** Whether the chapter counts toward the manuscript's words (`chapters_excluded_for_word_count`). */
export function IncludeInWordCount({
  workspace,
  chapter,
  readOnly,
}: {
  workspace: Workspace;
  chapter: ChapterRow;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const stored = countsTowardManuscript(workspace.manuscript, chapter.id);
  const [checked, setChecked] = useState(stored);
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setChecked(stored);
  }

  return (
    <Switch
      label={t('properties.include_in_word_count')}
      checked={checked}
      disabled={readOnly}
      onChange={(event) => {
        const include = event.currentTarget.checked;
        setChecked(include);
        const settings = workspace.manuscript.settings ?? {};
        const others = (settings.chapters_excluded_for_word_count ?? []).filter(
          (id) => id !== chapter.id,
        );
        workspace
          .saveManuscript({
            settings: {
              ...settings,
              chapters_excluded_for_word_count: include ? others : [...others, chapter.id],
            },
          })
          .catch(reportSaveFailure);
      }}
    />
  );
}
