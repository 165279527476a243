/** Counts by key that go back to nothing: the calls held of each client, API or owner at once. */
export function heldCounts() {
  const counts = new Map<string, number>();
  return {
    get: (key: string) => counts.get(key) ?? 0,
    take(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    give(key: string) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left === 0) counts.delete(key);
      else counts.set(key, left);
    },
  };
}
