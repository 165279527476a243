/**
 * In-process rates of a few candidates, measured in interleaved rounds on one core so that the
 * machine's other work falls on all of them alike: each is warmed up, then every round runs each
 * one for `roundMs` of this process's CPU time (on a shared machine, time spent waiting for a core
 * is not the candidate's). Returns the rate (calls per CPU second) of every round, per candidate.
 */
export interface RoundOptions {
  rounds: number;
  roundMs: number;
  /** Warm-up per candidate, so that the JIT settles before measuring. */
  warmMs: number;
  /** Calls between two looks at the clock. */
  batch: number;
}

/** What the calls gave, folded: kept, so that no call can be optimised away. */
let sink = 0;

/** The folded results of every call measured (a benchmark may print it; none needs to). */
export const sunk = () => sink;

/** CPU time of this process so far, in ms: a round counts the time it ran, not the time it waited. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Calls per second of CPU time of `run` over one round. */
function measure(run: () => { length: number }, { roundMs, batch }: RoundOptions): number {
  let calls = 0;
  const start = cpuMs();
  let elapsed = 0;
  while (elapsed < roundMs) {
    for (let i = 0; i < batch; i++) sink ^= run().length;
    calls += batch;
    elapsed = cpuMs() - start;
  }
  return (calls / elapsed) * 1000;
}

export function interleavedRates(
  runs: readonly (() => { length: number })[],
  options: RoundOptions,
): number[][] {
  for (const run of runs) {
    const until = performance.now() + options.warmMs;
    while (performance.now() < until) run();
  }
  const rates = runs.map(() => [] as number[]);
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, run] of runs.entries()) rates[i]?.push(measure(run, options));
  }
  return rates;
}

export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
