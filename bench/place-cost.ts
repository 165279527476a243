/**
 * `npm run bench:place [-- other-core-index.ts]`: the in-process cost of a record with a place.
 * Bodies per second of the compiled W2_PLACE_TEMPLATE and W2_TEMPLATE, each generated, serialised
 * with JSON.stringify and encoded to UTF-8 as the server answers, interleaved in rounds on one
 * core; medians and best rounds, and the ratio time of place / time of W2 (`npm run bench`'s
 * "W2 with a place/W2", target <= 1.50, measures the same over HTTP). Given the path of another
 * tree's core (`/work/main/packages/core/src/index.ts`), its pair is measured in the same rounds.
 * A benchmark, not a test: it prints figures.
 */
import * as here from '../packages/core/src/index.ts';
import { interleavedRates, median } from './rounds.ts';
import { W2_PLACE_TEMPLATE, W2_TEMPLATE } from './workloads.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 400);

type Core = typeof here;
const cores: [string, Core][] = [['this tree', here]];
if (process.argv[2]) cores.push([process.argv[2], (await import(process.argv[2])) as Core]);

function compile(core: Core, template: unknown) {
  const result = core.compileTemplate(template);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

const candidates = cores.flatMap(([name, core]) =>
  [
    ['W2 with a place', W2_PLACE_TEMPLATE],
    ['W2', W2_TEMPLATE],
  ].map(([label, template]) => {
    const generator = compile(core, template);
    return {
      label: `${name}: ${label}`,
      run: () => Buffer.from(JSON.stringify(generator.generate()), 'utf8'),
    };
  }),
);

const rates = interleavedRates(
  candidates.map(({ run }) => run),
  { rounds: ROUNDS, roundMs: ROUND_MS, warmMs: 500, batch: 100 },
);
const medians = rates.map(median);
// The best round is the one least disturbed by other work on the machine; shown beside the median.
const bests = rates.map((values) => Math.max(...values));
for (const [i, { label }] of candidates.entries()) {
  const rate = (n: number | undefined) => Math.round(n ?? 0).toLocaleString('en');
  console.log(`${label.padEnd(56)} best ${rate(bests[i])}, median ${rate(medians[i])} bodies/s`);
}
for (let i = 0; i + 1 < candidates.length; i += 2) {
  const mid = (medians[i + 1] ?? 0) / (medians[i] ?? 1);
  const best = (bests[i + 1] ?? 0) / (bests[i] ?? 1);
  console.log(
    `${cores[i >> 1]?.[0]}: time of W2 with a place / W2 ${mid.toFixed(2)} (medians), ${best.toFixed(2)} (best rounds); target <= 1.50`,
  );
}
