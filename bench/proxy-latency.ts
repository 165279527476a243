/**
 * `npx tsx bench/proxy-latency.ts`: what forwarding adds (issue 40). A loopback upstream
 * (node:http, a 1 KiB JSON answer) called directly and through the runner's proxy (a project
 * with one route, every other call forwarded), BENCH_CALLS calls each, one at a time, the two
 * interleaved so that the machine's noise falls on both alike; the added latency's p50 and p99
 * printed, and the route's own time with the proxy set and without (routes win: a proxy costs a
 * route nothing). A benchmark, not a test: it prints figures and checks only the answers' marks.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockServer } from '@mocksmith/cli';
import type { ProjectBundle } from '@mocksmith/core/project-files';
import { W1_BODY, W1_TEMPLATE } from './workloads.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);

const bundle: ProjectBundle = {
  project: {
    name: 'Proxy bench',
    slug: 'proxy-bench',
    seed: 1,
    settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
  },
  routes: [
    {
      method: 'GET',
      path: '/route',
      responses: [
        {
          name: 'ok',
          status: 200,
          template: JSON.stringify(W1_TEMPLATE),
          headers: [],
          delay: 0,
          isDefault: true,
        },
      ],
      mode: 'default',
      rules: [],
      network: null,
      overrides: true,
      authToken: null,
    },
  ],
  collections: [],
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

async function timed(url: string, mark: string | null): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.headers.get('x-mock-proxied') !== mark) throw new Error(`${url}: unexpected mark`);
  return ms;
}

const upstream = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(W1_BODY);
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
const proxied = await startMockServer({ bundle, proxy: upstreamUrl });
const plain = await startMockServer({ bundle });

const direct: number[] = [];
const forwarded: number[] = [];
const routeProxied: number[] = [];
const routePlain: number[] = [];
// A warm-up, then the measured calls, interleaved.
for (let round = 0; round < 200; round++) await timed(`${proxied.url}/other`, 'true');
for (let call = 0; call < CALLS; call++) {
  direct.push(await timed(`${upstreamUrl}/other`, null));
  forwarded.push(await timed(`${proxied.url}/other`, 'true'));
  routeProxied.push(await timed(`${proxied.url}/route`, null));
  routePlain.push(await timed(`${plain.url}/route`, null));
}
const line = (name: string, values: number[]) =>
  `${name.padEnd(34)} p50 ${quantile(values, 0.5).toFixed(3)} ms  p99 ${quantile(values, 0.99).toFixed(3)} ms`;
console.log(`${CALLS} calls each, one at a time, over loopback`);
console.log(line('upstream directly', direct));
console.log(line('through the proxy', forwarded));
console.log(
  `added by forwarding                p50 ${(quantile(forwarded, 0.5) - quantile(direct, 0.5)).toFixed(3)} ms  p99 ${(quantile(forwarded, 0.99) - quantile(direct, 0.99)).toFixed(3)} ms`,
);
console.log(line('a route, proxy set', routeProxied));
console.log(line('a route, no proxy', routePlain));
await proxied.close();
await plain.close();
upstream.close();
