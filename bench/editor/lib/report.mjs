// Percentiles, the table, the targets.

/** Nearest-rank percentile of numbers; `null` entries (below a threshold) sort first. */
export function percentile(values, p) {
  const sorted = values.slice().sort((a, b) => (a ?? -1) - (b ?? -1));
  if (!sorted.length) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const POINTS = [50, 95, 99, 100];

export function summary(values) {
  return POINTS.map((p) => percentile(values, p));
}

/** ms with one decimal; `null` is an Event Timing value under its 16 ms threshold. */
export function ms(value) {
  if (value === undefined) return 'n/a';
  if (value === null) return '<16';
  return value.toFixed(1);
}

function row(cells) {
  return `| ${cells.join(' | ')} |`;
}

/**
 * The markdown table: one row per metric, Quire then bare (p50/p95/p99/max each), then the ratio
 * of the p99s. `sides` is `{ quire?, bare }`, each `{ metric: values[] }`.
 */
export function table(metrics, sides) {
  const lines = [
    row(['per keystroke (ms)', 'Quire p50', 'p95', 'p99', 'max', 'bare p50', 'p95', 'p99', 'max', 'p99 Quire/bare']),
    row(Array(10).fill('---')),
  ];
  for (const [key, label] of metrics) {
    const q = sides.quire ? summary(sides.quire[key]) : [undefined, undefined, undefined, undefined];
    const b = summary(sides.bare[key]);
    const ratio = q[2] != null && b[2] != null && b[2] > 0 ? `${(q[2] / b[2]).toFixed(2)}×` : 'n/a';
    lines.push(row([label, ...q.map(ms), ...b.map(ms), ratio]));
  }
  return lines.join('\n');
}

export function verdict(ok) {
  if (ok === undefined) return 'NOT RUN';
  return ok ? 'PASS' : 'MISS';
}
