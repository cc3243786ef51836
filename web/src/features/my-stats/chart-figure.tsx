/**
 * A bar chart with its text alternative: the drawing is hidden from assistive technology and a
 * visually hidden table (plus a one-line summary everyone sees) carries the same figures.
 */
import { BarChart } from '@mantine/charts';
import { Box, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChartPoint {
  /** What the x axis shows (a short date, an hour). */
  label: string;
  value: number;
}

interface ChartFigureProps {
  title: string;
  /** The header of the label column of the table (Date, Hour). */
  labelHeader: string;
  /** The header of the value column (Words, Minutes). */
  valueHeader: string;
  points: readonly ChartPoint[];
  color?: string;
  testId?: string;
}

export function ChartFigure({
  title,
  labelHeader,
  valueHeader,
  points,
  color = 'blue.6',
  testId,
}: ChartFigureProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  let best: ChartPoint | null = null;
  for (const point of points)
    if (point.value > 0 && (!best || point.value > best.value)) best = point;

  return (
    <Stack gap={4} component="section" aria-labelledby={titleId} data-testid={testId}>
      <Title order={4} id={titleId}>
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {best
          ? t('my_stats.charts.summary_max', {
              value: number.format(best.value),
              label: best.label,
            })
          : t('my_stats.charts.summary_empty')}
      </Text>
      <Box aria-hidden>
        <BarChart
          h={180}
          data={points.map((point) => ({ label: point.label, value: point.value }))}
          dataKey="label"
          series={[{ name: 'value', label: valueHeader, color }]}
          tickLine="y"
          gridAxis="y"
          withTooltip={false}
          barChartProps={{ accessibilityLayer: false }}
        />
      </Box>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{labelHeader}</Table.Th>
              <Table.Th scope="col">{valueHeader}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((point) => (
              <Table.Tr key={point.label}>
                <Table.Th scope="row">{point.label}</Table.Th>
                <Table.Td>{number.format(point.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
