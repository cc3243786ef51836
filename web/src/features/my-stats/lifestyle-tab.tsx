/**
 * The 'yourWritingLifestyle' tab: minutes writing (today, this week, this month, total), best
 * days, streaks, minutes per day and words per hour of the day.
 */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { DAY_MS } from '@/lib/writing/calendar';

import { ChartFigure } from './chart-figure';
import { daySeries } from './figures';
import type { MyStatsFigures } from './use-my-stats';

/** How many days the per-day charts show (today included). */
export const CHART_DAYS = 30;

export interface Figure {
  id: string;
  label: string;
  value: string;
}

/** Figures as labelled cards, two a row on a phone, four on larger screens. */
export function FigureGrid({
  heading,
  note,
  figures,
}: {
  heading: string;
  note?: string;
  figures: readonly Figure[];
}) {
  return (
    <Stack gap="xs" component="section" aria-label={heading}>
      <Title order={4}>{heading}</Title>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="dl" m={0}>
        {figures.map((figure) => (
          <Paper key={figure.id} withBorder p="xs" radius="md">
            <Text component="dt" size="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text component="dd" m={0} fw={600} data-testid={`my-stats-${figure.id}`}>
              {figure.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Short local dates of the per-day charts (`27 Nov`), read as UTC calendar dates. */
export function shortDate(language: string) {
  const format = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (iso: string) => format.format(new Date(`${iso}T00:00:00Z`));
}

export function LifestyleTab({ figures }: { figures: MyStatsFigures }) {
  const { t, i18n } = useTranslation();
  const { minutes } = figures.lifetime;
  const minutesOf = (count: number) => t('my_stats.minutes.value', { count });
  const daysOf = (count: number) => t('my_stats.streaks.days', { count });
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
  // 1970-01-04 was a Sunday: weekday n is that day plus n.
  const weekdayName = (n: number) => weekday.format(new Date((3 + n) * DAY_MS));
  const short = shortDate(i18n.language);
  const perDay = daySeries(figures.minutesPerDay, figures.today - CHART_DAYS + 1, figures.today);

  return (
    <Stack gap="lg">
      <FigureGrid
        heading={t('my_stats.minutes.heading')}
        figures={[
          {
            id: 'minutes-today',
            label: t('my_stats.minutes.today'),
            value: minutesOf(minutes.today),
          },
          {
            id: 'minutes-this-week',
            label: t('my_stats.minutes.this_week'),
            value: minutesOf(minutes.this_week),
          },
          {
            id: 'minutes-this-month',
            label: t('my_stats.minutes.this_month'),
            value: minutesOf(minutes.this_month),
          },
          {
            id: 'minutes-total',
            label: t('my_stats.minutes.total'),
            value: minutesOf(minutes.total),
          },
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Stack gap={4} component="section" aria-label={t('my_stats.best_days.heading')}>
          <Title order={4}>{t('my_stats.best_days.heading')}</Title>
          <Text data-testid="my-stats-best-days">
            {minutes.best_days.length > 0
              ? minutes.best_days.map(weekdayName).join(', ')
              : t('my_stats.best_days.none')}
          </Text>
        </Stack>
        <FigureGrid
          heading={t('my_stats.streaks.heading')}
          note={t('my_stats.streaks.help')}
          figures={[
            {
              id: 'streak-current',
              label: t('my_stats.streaks.current'),
              value: daysOf(figures.streaks.current),
            },
            {
              id: 'streak-longest',
              label: t('my_stats.streaks.longest'),
              value: daysOf(figures.streaks.longest),
            },
          ]}
        />
      </SimpleGrid>
      <ChartFigure
        title={t('my_stats.charts.minutes_per_day')}
        labelHeader={t('my_stats.charts.date')}
        valueHeader={t('my_stats.charts.minutes')}
        points={perDay.map((point) => ({ label: short(point.date), value: point.value }))}
        color="teal.6"
        testId="my-stats-minutes-chart"
      />
      <ChartFigure
        title={t('my_stats.charts.words_per_hour')}
        labelHeader={t('my_stats.charts.hour')}
        valueHeader={t('my_stats.charts.words')}
        points={figures.wordsPerHour.map((value, hour) => ({
          label: t('my_stats.charts.hour_label', { hour: String(hour).padStart(2, '0') }),
          value,
        }))}
        testId="my-stats-hours-chart"
      />
    </Stack>
  );
}
