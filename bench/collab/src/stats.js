// Small numeric helpers for the report.
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
export const median = (values) => percentile(values, 50);
export const mib = (bytes) => (bytes / 1048576).toFixed(1);
export const kib = (bytes) => (bytes / 1024).toFixed(1);
export const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
export const ratio = (a, b) => (b > 0 && Number.isFinite(a / b) ? (a / b).toFixed(2) : 'n/a');
