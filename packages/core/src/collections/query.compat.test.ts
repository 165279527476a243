/**
 * The same queries on the same data, asked of json-server 0.17.4 itself (started in this
 * process on an ephemeral port) and of {@link queryCollection}: the ids and X-Total-Count must
 * agree on at least 95 % of the cases. The cases are those of json-server 0.17's README, then
 * more of ours; the disagreements are printed with their reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.ts';
import type { RawQuery } from '../query/list-query.ts';
import { queryCollection } from './query.ts';

// Core's types know neither fetch, console nor Node's server; the test only needs these shapes.
declare const fetch: (url: string) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}>;
declare const console: { info(text: string): void };
interface Listening {
  address(): { port: number };
  close(done: () => void): void;
}

const authors = ['typicode', 'Ada', 'ben', 'Zoë', 'colin'];
const words = ['json-server', 'Mocksmith', 'lowdb', 'Zod', 'faker', 'express', 'REST', 'mock'];

/** Fifty posts with nested fields, arrays, booleans, dates and a few missing values. */
function makePosts(): JsonObject[] {
  return Array.from({ length: 50 }, (_, i): JsonObject => {
    const post: JsonObject = {
      id: i + 1,
      title: `${words[i % words.length]} ${['guide', 'notes', 'Tips'][i % 3]}`,
      author: { name: authors[i % authors.length] as string, age: 20 + ((i * 7) % 40) },
      views: (i * 37) % 500,
      rating: ((i * 13) % 50) / 10,
      tags: [['api', 'mock'], ['db'], [], ['api']][i % 4] as string[],
      published: i % 3 !== 0,
      createdAt: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    };
    if (i % 10 === 7) delete post.rating;
    return post;
  });
}

/** Each case: a query string, and why we expect to differ (when we do, on purpose). */
const cases: Array<[string, string?]> = [
  // json-server 0.17's README, in its order.
  ['title=json-server guide&author.name=typicode'],
  ['id=1&id=2'],
  ['author.name=typicode'],
  ['_page=7'],
  ['_page=2&_limit=20'],
  ['_limit=10'],
  ['_sort=views&_order=asc'],
  ['_sort=author.name&_order=desc'],
  ['_sort=published,views&_order=desc,asc'],
  ['_start=20&_end=30'],
  ['_start=20&_limit=10'],
  ['_end=20'],
  ['views_gte=10&views_lte=20'],
  ['id_ne=1'],
  ['title_like=server'],
  ['q=internet'],
  ['q=typicode'],
  // More of ours (the README's are the first README_CASES): filters.
  ['published=true'],
  ['published=false&author.name=Ada'],
  ['views=37'],
  ['author.age=27'],
  ['tags=api'],
  ['unknownField=1'],
  ['author.name=typicode&author.name=ben'],
  ['views_gte=250'],
  ['views_lte=100&published=true'],
  ['title_gte=m'],
  ['createdAt_gte=2024-06-01'],
  ['rating_gte=2.5'],
  ['rating_ne=1.3'],
  ['id_ne=1&id_ne=2&id_ne=3'],
  ['author.name_like=TYPI'],
  ['title_like=GUIDE&published=true'],
  ['title_like=o'],
  ['q=ZOË'],
  ['q=notes&_sort=id&_order=desc'],
  ['q=api'],
  ['q=4'],
  ['_sort=title'],
  ['_sort=rating&_order=desc'],
  ['_sort=author.age,id&_order=desc,desc'],
  ['_sort=createdAt&_order=desc&_limit=5'],
  ['_page=3&_limit=7&published=true'],
  ['_page=1&_limit=100'],
  ['_page=99&_limit=10'],
  ['_start=45&_end=60'],
  ['_start=5&_limit=5&_sort=views'],
  ['views_gte=100&_sort=views&_order=desc&_page=2&_limit=5'],
  ['views_ne=0'],
  ['published=true&_sort=views&_order=desc&_limit=3'],
  ['author.age_gte=40&author.age_lte=50'],
  ['createdAt=2024-03-03'],
  ['q=guide&published=false'],
  ['title=Zod notes'],
  ['_sort=author.name,views'],
  ['_start=0&_end=0'],
  ['_page=5&_limit=10'],
  ['_limit=1&_sort=views&_order=desc'],
  ['tags_like=mock'],
  ['rating_lte=1'],
  ['id=50'],
  ['q=2024-05'],
  // Regular expressions in _like: json-server runs them with JavaScript's engine, we with RE2.
  ['title_like=^json'],
  ['title_like=guide|notes'],
  ['author.name_like=^(t|b)'],
  ['title_like=^[a-m].*s$'],
  ['author.name_like=^a'],
];

/** How many of the cases, from the first, are json-server 0.17 README's. */
const README_CASES = 17;

/** A query string as Express reads it: repeated keys make a list. */
function parseQuery(text: string): RawQuery {
  const query: Record<string, string | string[]> = {};
  for (const pair of text.split('&')) {
    const [key, value] = pair.split('=').map(decodeURIComponent) as [string, string];
    const before = query[key];
    query[key] =
      before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

describe('agreement with json-server 0.17.4', () => {
  const posts = makePosts();
  let server: Listening;
  let base = '';

  beforeAll(async () => {
    // The package has no types; a computed specifier keeps its import untyped on purpose.
    const specifier = 'json-server';
    const jsonServer = (await import(specifier)).default;
    const app = jsonServer.create();
    app.use(jsonServer.defaults({ logger: false }));
    app.use(jsonServer.router({ posts: JSON.parse(JSON.stringify(posts)) }));
    server = await new Promise<Listening>((resolve) => {
      const listening: Listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${server.address().port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(resolve));
  });

  it(`gives the same ids and totals on at least 95 % of ${cases.length} cases`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const disagreements: string[] = [];
    const unexpected: string[] = [];
    const readmeMisses: string[] = [];
    for (const [index, [text, knownReason]] of cases.entries()) {
      const response = await fetch(`${base}/posts?${encodeURI(text)}`);
      expect(response.status).toBe(200);
      const theirIds = ((await response.json()) as JsonObject[]).map((post) => post.id);
      const theirTotal = response.headers.get('x-total-count');
      const ours = queryCollection(posts, parseQuery(text), { pageUrl: '/posts' });
      if (!ours.ok) throw new Error(`${text}: ${ours.error.message}`);
      const ourIds = ours.value.records.map((post) => post.id);
      const sameIds = JSON.stringify(ourIds) === JSON.stringify(theirIds);
      // json-server sends the total only when it pages; we always do.
      const sameTotal = theirTotal === null || theirTotal === ours.value.headers['X-Total-Count'];
      if (sameIds && sameTotal) continue;
      const why = knownReason ?? 'unexpected';
      disagreements.push(
        `${text}: ours [${ourIds}] (${ours.value.total}), json-server [${theirIds}] (${theirTotal}): ${why}`,
      );
      if (!knownReason) unexpected.push(text);
      if (index < README_CASES) readmeMisses.push(text);
    }
    const agreement = (cases.length - disagreements.length) / cases.length;
    console.info(
      `json-server 0.17.4 agreement: ${cases.length - disagreements.length}/${cases.length} ` +
        `(${(agreement * 100).toFixed(1)} %)\n${disagreements.join('\n')}`,
    );
    expect(unexpected).toEqual([]);
    expect(readmeMisses).toEqual([]);
    expect(agreement).toBeGreaterThanOrEqual(0.95);
  });
});
