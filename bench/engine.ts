/**
 * `npm run bench:engine`: bodies per second for the W2 template (ten users of uuid, fullname,
 * email, number, boolean) through
 *   (a) Mocksmith's compiled generator,
 *   (b) a hand-written function calling faker's API for each field,
 *   (c) a hand-written function filling the same shape from Math.random and crypto.randomUUID,
 *       with no realism at all: the practical limit,
 * interleaved in rounds on one core, with the median of the rounds and the ratios a/b and a/c.
 * A benchmark, not a test: it prints figures and checks only that (a) still does its job.
 */
import { faker } from '@faker-js/faker/locale/en';
import { compileTemplate } from '@mocksmith/core';
import { fakerUser, plainUser } from './baseline-users.ts';
import { W2_TEMPLATE, W2_USERS } from './workloads.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 1000);

const compiled = compileTemplate(W2_TEMPLATE);
if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
const engine = compiled.value;

const candidates: Record<'a' | 'b' | 'c', { label: string; run: () => unknown }> = {
  a: { label: 'compiled generator', run: () => engine.generate() },
  b: {
    label: "faker's API per field",
    run: () => Array.from({ length: W2_USERS }, fakerUser),
  },
  c: {
    label: 'Math.random, no realism',
    run: () => Array.from({ length: W2_USERS }, plainUser),
  },
};

let sink = 0;

/** Bodies per second of `run` over one round. */
function measure(run: () => unknown): number {
  let bodies = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let i = 0; i < 200; i++) sink ^= (run() as unknown[]).length;
    bodies += 200;
    elapsed = performance.now() - start;
  }
  return (bodies / elapsed) * 1000;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

// Warm-up: let the JIT settle on each candidate before measuring.
for (const { run } of Object.values(candidates)) {
  const until = performance.now() + 300;
  while (performance.now() < until) run();
}

const results: Record<string, number[]> = { a: [], b: [], c: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const key of ['a', 'b', 'c'] as const) results[key]?.push(measure(candidates[key].run));
}

const rate = { a: median(results.a ?? []), b: median(results.b ?? []), c: median(results.c ?? []) };
const valuesPerBody = 1 + 10 * 6;

console.log(
  `W2: ten users of uuid, fullname, email, number, boolean (${valuesPerBody} values a body)`,
);
console.log(`node ${process.version}, ${ROUNDS} rounds of ${ROUND_MS} ms, median bodies/s`);
for (const key of ['a', 'b', 'c'] as const) {
  console.log(
    `(${key}) ${candidates[key].label.padEnd(24)} ${Math.round(rate[key]).toLocaleString('en-US').padStart(10)} bodies/s`,
  );
}
console.log(
  `engine alone: ${Math.round(rate.a * valuesPerBody).toLocaleString('en-US')} generated values/s`,
);
console.log('targets: a/b at least 3, a/c at least 0.5');
console.log(`ratio a/b: ${(rate.a / rate.b).toFixed(2)}`);
console.log(`ratio a/c: ${(rate.a / rate.c).toFixed(2)}`);

// The figures mean nothing if (a) cut corners: check it is seeded and realistic.
const first = JSON.stringify(engine.generate({ seed: 'bench' }));
const again = JSON.stringify(engine.generate({ seed: 'bench' }));
const sample = engine.generate({ seed: 'bench' }) as { name: string; email: string }[];
const firstNames = new Set(faker.definitions.person.first_name?.generic ?? []);
const realistic = sample.every((u) => firstNames.has(u.name.split(' ')[0] ?? ''));
console.log(`seeded generation deterministic: ${first === again ? 'yes' : 'NO'}`);
console.log(
  `names drawn from faker's locale data: ${realistic ? 'yes' : 'NO'}  e.g. ${sample[0]?.name} <${sample[0]?.email}>`,
);
if (sink === 0.5) console.log(sink);
if (first !== again || !realistic) process.exitCode = 1;
