/**
 * `npx tsx bench/records.ts [other-core-index.ts]`: the cost of records whose fields agree.
 * Bodies per second of W2's ten users with a place (city, country, code, coordinates, time zone)
 * through this tree's compiled generator, where one person and one place are drawn per user, and,
 * when the path of another tree's core (`/work/main/packages/core/src/index.ts`, before issue 39)
 * is given, through that one's, where each field is drawn on its own; interleaved in rounds on one
 * core, medians and their ratio. Also W2 itself, whose person is now drawn per user too.
 * A benchmark, not a test: it prints figures.
 */
import * as here from '../packages/core/src/index.ts';
import { interleavedRates, median } from './rounds.ts';
import { W2_FIELDS, W2_PLACE_FIELDS, W2_USERS } from './workloads.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 700);

const many = (fields: object) => [{ __multiply: `${W2_USERS}-${W2_USERS}`, ...fields }];

type Core = typeof here;
const other = process.argv[2] ? ((await import(process.argv[2])) as Core) : undefined;

function compile(core: Core, template: unknown) {
  const result = core.compileTemplate(template);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

const candidates: { label: string; run: () => unknown }[] = [];
for (const [name, fields] of [
  ['W2 + place', W2_PLACE_FIELDS],
  ['W2', W2_FIELDS],
] as const) {
  if (other) {
    const before = compile(other, many(fields));
    candidates.push({
      label: `${name}, fields on their own (before)`,
      run: () => before.generate(),
    });
  }
  const after = compile(here, many(fields));
  candidates.push({ label: `${name}, one person and place a user`, run: () => after.generate() });
}

const rates = interleavedRates(
  candidates.map(({ run }) => run as () => unknown[]),
  { rounds: ROUNDS, roundMs: ROUND_MS, warmMs: 400, batch: 100 },
);
// The best round is the one least disturbed by other work on the machine; the median is shown too.
const medians = rates.map(median);
const bests = rates.map((values) => Math.max(...values));
for (const [i, { label }] of candidates.entries()) {
  const rate = (n: number | undefined) => Math.round(n ?? 0).toLocaleString('en');
  console.log(`${label.padEnd(48)} best ${rate(bests[i])}, median ${rate(medians[i])} bodies/s`);
}
if (other) {
  for (let i = 0; i + 1 < candidates.length; i += 2) {
    const best = (bests[i] ?? 0) / (bests[i + 1] ?? 1);
    const mid = (medians[i] ?? 0) / (medians[i + 1] ?? 1);
    console.log(
      `${candidates[i + 1]?.label}: ${best.toFixed(2)}x the time of before (best rounds), ${mid.toFixed(2)}x (medians)`,
    );
  }
}
