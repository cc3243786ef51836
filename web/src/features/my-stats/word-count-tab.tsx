/**
 * The 'wordCount' tab: words today … this year and total, words per day, the year's calendar
 * heat map (its writing days labelled cells, one tab stop, arrow keys from day to day), each
 * manuscript's progress against its
 * goal with a projected finish, and NaNoWriMo with the CSV export.
 */
import { Heatmap } from '@mantine/charts';
import { Box, Progress, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { dayString, parseDay } from '@/lib/writing/calendar';
import { wordsByDay } from '@/lib/writing/lifetime-stats';

import { ChartFigure } from './chart-figure';
import { daySeries, goalProgress } from './figures';
import { CHART_DAYS, FigureGrid, shortDate } from './lifestyle-tab';
import type { FetchNanowrimo } from './nanowrimo-api';
import { NanowrimoSection } from './nanowrimo-section';
import { dayDate } from './use-my-stats';
import type { MyStatsFigures, MyStatsRows } from './use-my-stats';

interface WordCountTabProps {
  rows: MyStatsRows;
  figures: MyStatsFigures;
  fetchNanowrimo: FetchNanowrimo;
  saveFile: (name: string, blob: Blob) => void;
}

export function WordCountTab({ rows, figures, fetchNanowrimo, saveFile }: WordCountTabProps) {
  const { t, i18n } = useTranslation();
  const { words } = figures.lifetime;
  const wordsOf = (count: number) => t('my_stats.words.value', { count });
  const short = shortDate(i18n.language);
  const perDay = daySeries(figures.wordsPerDay, figures.today - CHART_DAYS + 1, figures.today);
  const figure = (id: keyof typeof words) => ({
    id: `words-${id.replaceAll('_', '-')}`,
    label: t(`my_stats.words.${id}`),
    value: wordsOf(words[id]),
  });

  return (
    <Stack gap="lg">
      <FigureGrid
        heading={t('my_stats.words.heading')}
        figures={[
          figure('today'),
          figure('yesterday'),
          figure('this_week'),
          figure('last_week'),
          figure('this_month'),
          figure('last_month'),
          figure('this_year'),
          figure('total'),
        ]}
      />
      <ChartFigure
        title={t('my_stats.charts.words_per_day')}
        labelHeader={t('my_stats.charts.date')}
        valueHeader={t('my_stats.charts.words')}
        points={perDay.map((point) => ({ label: short(point.date), value: point.value }))}
        testId="my-stats-words-chart"
      />
      <YearHeatmap figures={figures} />
      <GoalsProgress rows={rows} figures={figures} />
      <NanowrimoSection
        rows={rows}
        figures={figures}
        fetchNanowrimo={fetchNanowrimo}
        saveFile={saveFile}
      />
    </Stack>
  );
}

function YearHeatmap({ figures }: { figures: MyStatsFigures }) {
  const { t, i18n } = useTranslation();
  const year = dayString(figures.today).slice(0, 4);
  const first = parseDay(`${year}-01-01`) ?? figures.today;
  const data: Record<string, number> = {};
  for (const [day, words] of figures.wordsPerDay) {
    if (day >= first && day <= figures.today && words > 0) data[dayString(day)] = words;
  }
  const days = Object.keys(data).sort();
  const writingDays = days.length;
  // One cell takes the tab stop (the latest writing day until another is chosen); the arrow
  // keys, Home and End move between writing days, so the year is not hundreds of tab stops.
  const [chosen, setChosen] = useState<string | null>(null);
  const active = chosen !== null && chosen in data ? chosen : days.at(-1);
  const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
    const at = active === undefined ? -1 : days.indexOf(active);
    const next = {
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      Home: 0,
      End: days.length - 1,
    }[event.key];
    if (next === undefined || at < 0) return;
    event.preventDefault();
    const day = days[Math.min(Math.max(next, 0), days.length - 1)];
    if (day === undefined) return;
    setChosen(day);
    event.currentTarget.querySelector<SVGElement>(`[data-day="${day}"]`)?.focus();
  };
  const long = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const monthLabels = Array.from({ length: 12 }, (_, month) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(
      Date.UTC(2026, month, 1),
    ),
  );

  return (
    <Stack gap={4} component="section" aria-label={t('my_stats.heatmap.heading')}>
      <Title order={4}>{t('my_stats.heatmap.heading')}</Title>
      <Text size="xs" c="dimmed">
        {t('my_stats.heatmap.summary', { count: writingDays })}
      </Text>
      {/* On a phone the year scrolls sideways: the region takes focus to scroll by keyboard. */}
      <ScrollArea
        type="auto"
        offsetScrollbars
        viewportProps={{
          tabIndex: 0,
          role: 'region',
          'aria-label': t('my_stats.heatmap.heading'),
        }}
      >
        <Box
          data-testid="my-stats-heatmap"
          onKeyDown={moveFocus}
          onFocus={(event) => {
            const day = (event.target as Element).getAttribute('data-day');
            if (day !== null) setChosen(day);
          }}
        >
          <Heatmap
            data={data}
            startDate={`${year}-01-01`}
            endDate={dayString(figures.today)}
            withMonthLabels
            monthLabels={monthLabels}
            withOutsideDates={false}
            firstDayOfWeek={1}
            withLegend
            legendLabels={[t('my_stats.heatmap.less'), t('my_stats.heatmap.more')]}
            role="group"
            aria-label={t('my_stats.heatmap.summary', { count: writingDays })}
            getRectProps={({ date, value }) =>
              value
                ? {
                    tabIndex: date === active ? 0 : -1,
                    'data-day': date,
                    role: 'img',
                    'aria-label': t('my_stats.heatmap.cell', {
                      date: long.format(new Date(`${date}T00:00:00Z`)),
                      words: t('my_stats.words.value', { count: value }),
                    }),
                    style: { outlineOffset: 1 },
                  }
                : { 'aria-hidden': true }
            }
          />
        </Box>
      </ScrollArea>
    </Stack>
  );
}

function GoalsProgress({ rows, figures }: { rows: MyStatsRows; figures: MyStatsFigures }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const long = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const dateOf = (day: number) => long.format(dayDate(day));
  const withGoals = rows.manuscripts.flatMap((manuscript) => {
    const perDay = wordsByDay(
      rows.records.filter((record) => record.manuscript_id === manuscript.id),
      figures.zone,
    );
    const progress = goalProgress({
      goals: manuscript.goals,
      words: manuscript.words,
      wordsPerDay: perDay,
      now: figures.now,
      zone: figures.zone,
    });
    return progress ? [{ manuscript, progress }] : [];
  });

  return (
    <Stack gap="xs" component="section" aria-label={t('my_stats.goals.heading')}>
      <Title order={4}>{t('my_stats.goals.heading')}</Title>
      {withGoals.length === 0 && <Text size="sm">{t('my_stats.goals.none')}</Text>}
      {withGoals.map(({ manuscript, progress }) => {
        const title = manuscript.title || t('my_stats.goals.untitled');
        return (
          <Stack key={manuscript.id} gap={2} data-testid="my-stats-goal">
            <Text fw={600}>{title}</Text>
            <Progress
              value={progress.percent}
              aria-label={t('my_stats.goals.progress_label', { title })}
            />
            <Text size="sm">
              {t('my_stats.goals.progress', {
                words: number.format(progress.words),
                goal: number.format(progress.goal),
              })}
            </Text>
            {progress.daily !== null && (
              <Text size="sm">{t('my_stats.goals.daily', { count: progress.daily })}</Text>
            )}
            {progress.deadline !== null && (
              <Text size="sm">
                {t('my_stats.goals.deadline', { date: dateOf(progress.deadline) })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {progress.remaining === 0
                ? t('my_stats.goals.finished')
                : progress.finish !== null
                  ? t('my_stats.goals.finish', { date: dateOf(progress.finish) })
                  : t('my_stats.goals.no_pace')}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
