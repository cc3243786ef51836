/**
 * Structural sharing for data read from the local database: a live query hands out new objects
 * on every write of a row, and React re-renders whatever receives them. `keepEqual(previous,
 * next)` returns `previous` where `next` holds the same data, and otherwise a copy of `next`
 * that reuses every part of `previous` that did not change, so `===` tells what changed.
 * Plain data only (objects, arrays, primitives), as rows are.
 */
export function keepEqual<T>(previous: T | undefined, next: T): T {
  if (previous === undefined || Object.is(previous, next)) return next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    const items = next.map((item: unknown, i) => keepEqual(previous[i] as unknown, item));
    const same = items.length === previous.length && items.every((item, i) => item === previous[i]);
    return (same ? previous : items) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const kept: Record<string, unknown> = {};
    let same = Object.keys(previous).length === Object.keys(next).length;
    for (const [key, value] of Object.entries(next)) {
      kept[key] = keepEqual(previous[key], value);
      if (kept[key] !== previous[key] || !(key in previous)) same = false;
    }
    return (same ? previous : kept) as T;
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
