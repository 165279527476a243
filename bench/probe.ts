/**
 * The small-call probe of `npm run bench`: one call at a time to a URL (W1's), one every
 * PROBE_INTERVAL_MS, over one kept-alive connection, for PROBE_SECONDS; its own process, so that
 * it runs pinned beside the load rather than on the server's core. After a first call it prints
 * `ready` and waits for a line on stdin; then it calls, and at the end prints a line of JSON:
 * the calls, their p50/p99/max latency in ms, non-2xx answers, failed calls, and the CPU time
 * this process used while calling (ms), which the bench counts as the load's. Paced, not flat out, so that it measures the wait a small call meets
 * without adding load of its own.
 */
import { Agent, get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const url = process.env.PROBE_URL ?? '';
const seconds = Number(process.env.PROBE_SECONDS ?? 1);
const intervalMs = Number(process.env.PROBE_INTERVAL_MS ?? 10);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One call: its status, or 0 when it failed (no answer in 5 s, a reset...). */
function call(): Promise<number> {
  return new Promise((resolve) => {
    const request = get(url, { agent }, (response) => {
      response.on('data', () => {});
      response.on('error', () => resolve(0));
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
    request.setTimeout(5000, () => request.destroy());
  });
}

await call();
process.stdout.write('ready\n');
// Then a line on stdin says go (its end, too: the bench is gone, and the calls stay bounded).
await new Promise((resolve) => {
  process.stdin.once('data', resolve);
  process.stdin.once('end', resolve);
});
process.stdin.destroy();
const latencies: number[] = [];
let non2xx = 0;
let errors = 0;
const end = performance.now() + seconds * 1000;
let next = performance.now();
const cpuBefore = process.cpuUsage();
while (performance.now() < end) {
  const start = performance.now();
  const status = await call();
  latencies.push(performance.now() - start);
  if (status === 0) errors++;
  else if (status < 200 || status > 299) non2xx++;
  next += intervalMs;
  const wait = next - performance.now();
  if (wait > 0) await sleep(wait);
  else next = performance.now();
}
const { user, system } = process.cpuUsage(cpuBefore);
agent.destroy();
const sorted = Float64Array.from(latencies).sort();
const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
process.stdout.write(
  `${JSON.stringify({ calls: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1), non2xx, errors, cpuMs: (user + system) / 1000 })}\n`,
);
