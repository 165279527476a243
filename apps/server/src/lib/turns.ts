/**
 * Taking turns with the event loop in a long loop of synchronous work (an import's thousand
 * templates and rows): `await turn()` at each step yields once `sliceMs` have passed since the
 * last yield, so that the calls waiting meanwhile are answered between slices, and a loop that
 * is quick pays nothing.
 */
export function turns(sliceMs = 10, now: () => number = () => performance.now()) {
  let since = now();
  return async (): Promise<void> => {
    if (now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = now();
  };
}
