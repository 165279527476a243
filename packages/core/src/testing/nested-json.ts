// Test-only: the hostile bodies of the depth tests (core's and the server's).

/**
 * Compact JSON nested `depth` levels, each level an array or an object as `kinds` says in turn
 * (all arrays by default, `[[[…]]]`), with a string holding brackets and an escaped quote
 * beside each level, which a depth count must not take for nesting.
 */
export function nestedJson(depth: number, kinds: readonly boolean[] = [true]): string {
  const opens: string[] = [];
  const closes: string[] = [];
  for (let level = 0; level < depth; level++) {
    const array = kinds[level % kinds.length];
    opens.push(array ? '["[{\\"",' : '{"k[":"]}","v":');
    closes.push(array ? ']' : '}');
  }
  return `${opens.join('')}1${closes.reverse().join('')}`;
}
