/**
 * NaNoWriMo in My Stats: a manuscript and a range of dates, the server's chart of its words per
 * day and running total against the goal (online only, said plainly when offline), and an
 * "Export CSV" of the daily counts from this device's figures (works offline).
 */
import { LineChart } from '@mantine/charts';
import { Alert, Box, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconDownload, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isOnline } from '@/lib/platform';
import { wordsByDay } from '@/lib/writing/lifetime-stats';

import { ChartFigure } from './chart-figure';
import { dailyCountsCsv, dayRange, daySeries, novemberOf } from './figures';
import type { FetchNanowrimo, NanowrimoTotals } from './nanowrimo-api';
import type { MyStatsFigures, MyStatsRows } from './use-my-stats';

/** The NaNoWriMo goal, used when the manuscript has no word goal of its own. */
export const NANOWRIMO_WORDS = 50_000;

interface NanowrimoProps {
  rows: MyStatsRows;
  figures: MyStatsFigures;
  fetchNanowrimo: FetchNanowrimo;
  /** Saves a file (a download link in the browser). */
  saveFile: (name: string, blob: Blob) => void;
}

type Chart =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'shown'; totals: NanowrimoTotals; title: string; goal: number };

export function NanowrimoSection({ rows, figures, fetchNanowrimo, saveFile }: NanowrimoProps) {
  const { t } = useTranslation();
  // useNetwork starts as online until its effect runs: ask the browser at once too.
  const online = useNetwork().online && isOnline();
  const [manuscriptId, setManuscriptId] = useState<string | null>(rows.manuscripts[0]?.id ?? null);
  const [range, setRange] = useState(() => novemberOf(figures.today));
  const [chart, setChart] = useState<Chart>({ state: 'idle' });
  const [rangeError, setRangeError] = useState(false);
  const manuscript = rows.manuscripts.find((m) => m.id === manuscriptId) ?? null;
  const titleOf = (title: string) => title || t('my_stats.goals.untitled');

  if (rows.manuscripts.length === 0) {
    return (
      <Stack gap="xs" component="section" aria-label={t('my_stats.nanowrimo.heading')}>
        <Title order={4}>{t('my_stats.nanowrimo.heading')}</Title>
        <Text size="sm">{t('my_stats.nanowrimo.no_manuscripts')}</Text>
      </Stack>
    );
  }

  const checkedRange = () => {
    const days = dayRange(range.from, range.to);
    setRangeError(days === null);
    return days;
  };

  const handleShow = () => {
    if (!manuscript || !checkedRange()) return;
    setChart({ state: 'loading' });
    fetchNanowrimo(manuscript.id, range.from, range.to).then(
      (totals) => {
        const goal = typeof manuscript.goals?.words === 'number' ? manuscript.goals.words : 0;
        setChart({
          state: 'shown',
          totals,
          title: titleOf(manuscript.title),
          goal: goal > 0 ? goal : NANOWRIMO_WORDS,
        });
      },
      () => {
        setChart({ state: 'failed' });
      },
    );
  };

  const handleExport = () => {
    const days = checkedRange();
    if (!manuscript || !days) return;
    const perDay = wordsByDay(
      rows.records.filter((record) => record.manuscript_id === manuscript.id),
      figures.zone,
    );
    const csv = dailyCountsCsv(daySeries(perDay, days.from, days.to));
    saveFile(`word-counts-${range.from}-${range.to}.csv`, new Blob([csv], { type: 'text/csv' }));
  };

  return (
    <Stack gap="xs" component="section" aria-label={t('my_stats.nanowrimo.heading')}>
      <Title order={4}>{t('my_stats.nanowrimo.heading')}</Title>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={t('my_stats.nanowrimo.manuscript')}
          data={rows.manuscripts.map((m) => ({ value: m.id, label: titleOf(m.title) }))}
          value={manuscriptId}
          onChange={setManuscriptId}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
        />
        <TextInput
          type="date"
          label={t('my_stats.nanowrimo.from')}
          value={range.from}
          onChange={(event) => {
            const from = event.currentTarget.value;
            setRange((r) => ({ ...r, from }));
          }}
          error={rangeError}
        />
        <TextInput
          type="date"
          label={t('my_stats.nanowrimo.to')}
          value={range.to}
          onChange={(event) => {
            const to = event.currentTarget.value;
            setRange((r) => ({ ...r, to }));
          }}
          error={rangeError}
        />
        <Button onClick={handleShow} disabled={!online} loading={chart.state === 'loading'}>
          {t('my_stats.nanowrimo.show')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} stroke={1.6} />}
          onClick={handleExport}
        >
          {t('my_stats.nanowrimo.export_csv')}
        </Button>
      </Group>
      {rangeError && (
        <Text size="sm" c="red" role="alert">
          {t('my_stats.nanowrimo.range_invalid')}
        </Text>
      )}
      {!online && (
        <Alert icon={<IconWifiOff size={16} />} color="yellow" role="status">
          {t('my_stats.nanowrimo.offline')}
        </Alert>
      )}
      {chart.state === 'failed' && (
        <Alert color="red" role="alert">
          {t('my_stats.nanowrimo.failed')}
        </Alert>
      )}
      {chart.state === 'shown' && <NanowrimoChart {...chart} />}
    </Stack>
  );
}

function NanowrimoChart({
  totals,
  title,
  goal,
}: {
  totals: NanowrimoTotals;
  title: string;
  goal: number;
}) {
  const { t } = useTranslation();
  const days = totals.days.length;
  const data = totals.days.map((day, index) => ({
    date: day.date,
    total: day.total,
    target: Math.round((goal * (index + 1)) / Math.max(1, days)),
  }));
  const heading = t('my_stats.nanowrimo.chart', { title, from: totals.from, to: totals.to });
  return (
    <Stack gap={4} data-testid="my-stats-nanowrimo-chart">
      <Text size="sm">{t('my_stats.nanowrimo.written', { count: totals.total })}</Text>
      <Box aria-hidden>
        <LineChart
          h={220}
          data={data}
          dataKey="date"
          series={[
            { name: 'total', label: t('my_stats.nanowrimo.total'), color: 'blue.6' },
            { name: 'target', label: t('my_stats.nanowrimo.target'), color: 'gray.5' },
          ]}
          withLegend
          withDots={false}
          withTooltip={false}
          lineChartProps={{ accessibilityLayer: false }}
        />
      </Box>
      <ChartFigure
        title={heading}
        labelHeader={t('my_stats.charts.date')}
        valueHeader={t('my_stats.nanowrimo.day_words')}
        points={totals.days.map((day) => ({ label: day.date, value: day.words }))}
      />
    </Stack>
  );
}
