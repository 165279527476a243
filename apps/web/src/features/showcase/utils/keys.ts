/**
 * React keys for a list of a body, from a natural key of each item (a date, a name), made
 * unique by numbering repeats (Shoes, Shoes~2): generated lists may repeat a name.
 */
export function keyed<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
): { key: string; item: T }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: count === 1 ? base : `${base}~${count}`, item };
  });
}
