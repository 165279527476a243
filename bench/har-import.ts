/**
 * `npx tsx bench/har-import.ts [MB]`: a HAR file of about 40 MB (or MB) planned for a project
 * through the import's own analyser (issue 39): its worker, heap limit (384 MiB) and time limit
 * (60 s), as `POST /backend/projects/{id}/import` runs it. The recording is made here, as a
 * browser saves one: JSON answers of an API (users, orders, lists of products, errors) on one
 * host, base64 images and fonts, scripts, style sheets, redirects, preflights and an analytics
 * host. Prints the file's size, the analysis's time, the plan's counts and the planner's own time
 * on the main thread (decode, parse, plan) with the heap it then uses.
 */

import { createAnalyser } from '../apps/server/src/modules/openapi/openapi.analysis.ts';
import { type ProjectImportPlan, planHarImport } from '../packages/core/src/projects/index.ts';

const target = Number(process.argv[2] ?? 40) * 1024 * 1024;
const API = 'https://api.shop.test/v1';

/** A deterministic generator, so that every run reads the same file. */
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
const hex = (length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
const FIRST = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken'];
const LAST = ['Lovelace', 'Turing', 'Hopper', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton'];
const CITY = ['Lyon', 'Porto', 'Leeds', 'Graz', 'Turin', 'Ghent'];

function person(id: number) {
  const first = pick(FIRST);
  const last = pick(LAST);
  return {
    id,
    firstName: first,
    lastName: last,
    email: `${first}.${last}${id}@mail.test`.toLowerCase(),
    createdAt: new Date(1_700_000_000_000 + id * 86_400_000).toISOString(),
    address: { street: `${id} Main Street`, city: pick(CITY), postcode: `${10_000 + id}` },
    roles: ['member', ...(id % 5 === 0 ? ['admin'] : [])],
  };
}

function product(id: number) {
  return {
    id,
    sku: `SKU-${hex(6)}`,
    title: `${pick(['Red', 'Blue', 'Green'])} ${pick(['lamp', 'chair', 'desk', 'mug'])}`,
    price: Math.round(random() * 10_000) / 100,
    currency: 'EUR',
    inStock: random() > 0.3,
    description: 'A fine thing '.repeat(1 + Math.floor(random() * 20)),
  };
}

function entry(
  method: string,
  url: string,
  status: number,
  mimeType: string,
  text?: string,
  encoding?: string,
) {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 20,
    request: {
      method,
      url,
      httpVersion: 'HTTP/2',
      headers: [
        { name: 'accept', value: 'application/json' },
        { name: 'user-agent', value: 'Mozilla/5.0 (X11; Linux x86_64) Bench/1.0' },
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/2',
      headers: [{ name: 'content-type', value: mimeType }],
      cookies: [],
      content: {
        size: text?.length ?? 0,
        mimeType,
        ...(text !== undefined && { text }),
        ...(encoding && { encoding }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: text?.length ?? 0,
    },
    cache: {},
    timings: { send: 0, wait: 18, receive: 2 },
  };
}

/** One page's worth of traffic: mostly API answers, then what a page loads besides. */
function* traffic(): Generator<ReturnType<typeof entry>> {
  for (let n = 1; ; n++) {
    const id = 1 + Math.floor(random() * 5000);
    const json = 'application/json; charset=utf-8';
    yield entry('GET', `${API}/users/${id}`, 200, json, JSON.stringify(person(id)));
    yield entry(
      'GET',
      `${API}/users?page=${n}`,
      200,
      json,
      JSON.stringify({
        items: Array.from({ length: 20 }, (_, i) => person(n * 20 + i)),
        page: n,
        total: 5000,
      }),
    );
    yield entry(
      'GET',
      `${API}/orders/${uuid()}/items`,
      200,
      json,
      JSON.stringify(Array.from({ length: 1 + (n % 8) }, (_, i) => product(i))),
    );
    yield entry('GET', `${API}/products/${id}`, 200, json, JSON.stringify(product(id)));
    yield entry('POST', `${API}/orders`, 201, json, JSON.stringify({ id: uuid(), total: 42.5 }));
    yield entry('OPTIONS', `${API}/orders`, 204, 'text/plain');
    if (n % 7 === 0) {
      yield entry(
        'GET',
        `${API}/users/${id}`,
        404,
        'application/problem+json',
        JSON.stringify({ title: 'Not Found', status: 404, detail: `No user ${id}` }),
      );
    }
    if (n % 3 === 0) {
      yield entry(
        'GET',
        `https://cdn.shop.test/img/${hex(12)}.webp`,
        200,
        'image/webp',
        Buffer.from(hex(30_000)).toString('base64'),
        'base64',
      );
    }
    if (n % 11 === 0) {
      yield entry(
        'GET',
        `https://api.shop.test/static/app.${hex(8)}.js`,
        200,
        'text/javascript',
        'x'.repeat(60_000),
      );
      yield entry(
        'GET',
        'https://api.shop.test/static/app.css',
        200,
        'text/css',
        'a{}'.repeat(5000),
      );
      yield entry('GET', 'https://api.shop.test/', 302, 'text/html', '');
      yield entry(
        'POST',
        'https://stats.tracker.test/collect',
        200,
        'application/json',
        JSON.stringify({ ok: true }),
      );
    }
  }
}

function recording(bytes: number): Uint8Array {
  const parts: string[] = [];
  let size = 0;
  for (const item of traffic()) {
    const text = JSON.stringify(item);
    parts.push(text);
    size += text.length + 1;
    if (size >= bytes) break;
  }
  const document = `{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[${parts.join(',')}]}}`;
  return new TextEncoder().encode(document);
}

function summary(plan: ProjectImportPlan): string {
  const responses = plan.routes.reduce((sum, route) => sum + route.responses.length, 0);
  return `${plan.routes.length} routes (${plan.routes.map((r) => r.importKey).join(', ')}), ${responses} responses, ${plan.skipped.length} skipped lines; ${plan.warnings.join(' | ')}`;
}

const bytes = recording(target);
console.log(`HAR of ${(bytes.length / 1024 / 1024).toFixed(1)} MiB`);

// The planner on the main thread: decode, parse, plan, and the heap used with the document held.
let started = performance.now();
const document = JSON.parse(new TextDecoder().decode(bytes));
const parsedMs = performance.now() - started;
started = performance.now();
const plan = planHarImport(document);
const plannedMs = performance.now() - started;
const heapUsed = process.memoryUsage().heapUsed / 1024 / 1024;
console.log(
  `main thread: parse ${parsedMs.toFixed(0)} ms, plan ${plannedMs.toFixed(0)} ms, heap used ${heapUsed.toFixed(0)} MiB (document held: ${document.log.entries.length} entries)`,
);
console.log(summary(plan));

// The import's own analyser: its worker, heap limit and time limit (the defaults the server uses).
const analyser = createAnalyser();
started = performance.now();
const outcome = await analyser.analyseForProject(bytes, 'bench');
const analysedMs = performance.now() - started;
await analyser.close();
if (!outcome.ok) {
  console.log(`analyser refused it after ${analysedMs.toFixed(0)} ms: ${outcome.reason}`);
  process.exitCode = 1;
} else {
  console.log(
    `analyser (worker, 384 MiB heap, 60 s limit): ${analysedMs.toFixed(0)} ms, ${outcome.plan.routes.length} routes`,
  );
}
