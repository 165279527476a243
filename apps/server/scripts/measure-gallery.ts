/**
 * `npm run measure:gallery`: times the gallery's query on 100,000 public templates. Creates a
 * scratch database on TEST_DATABASE_URL's server, migrates it, inserts varied templates (names,
 * descriptions and tags from word lists), then runs typical searches and sorts through the
 * gallery repository: the median of several runs of each, and the plan (EXPLAIN ANALYZE) of
 * each, to show which index serves it. The scratch database is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, migrateDatabase, schema } from '../src/db/client.ts';
import { createGalleryRepository } from '../src/modules/gallery/gallery.repository.ts';
import { searchQuery } from '../src/modules/gallery/gallery.service.ts';

const ROWS = 100_000;
const RUNS = 7;
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const name = `mocksmith_measure_${randomBytes(4).toString('hex')}`;
const url = new URL(baseUrl);
url.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
let last: { query: string; params: unknown[] } | null = null;
const db = drizzle({
  client: pool,
  schema,
  casing: 'snake_case',
  logger: { logQuery: (query, params) => (last = { query, params }) },
}) as unknown as Database;

try {
  await migrateDatabase(db);
  const started = performance.now();
  // Names, descriptions and tags from word lists, indexed by the row number, all in SQL.
  await pool.query(`
    with words as (
      select array['blog','shop','order','invoice','weather','user','profile','post','comment',
        'product','cart','payment','analytics','metric','event','ticket','login','token','session',
        'game','score','music','playlist','movie','review','recipe','fitness','workout','travel',
        'hotel','flight','crypto','wallet','stock','news','article','school','course','student',
        'hospital','patient','pet','garden','car','parking','library','book','chat','message'] as w,
      array['blog','ecommerce','social','analytics','auth','other'] as c
    )
    insert into apis (request_id, name, description, template, method, is_public, category, tags,
      likes_count, created_at)
    select 'm' || g, initcap(w[1 + g % 49]) || ' ' || w[1 + (g / 49) % 49] || ' ' || g,
      'Mock data for a ' || w[1 + (g / 7) % 49] || ' app with ' || w[1 + (g / 13) % 49] ||
        ' and ' || w[1 + (g / 31) % 49] || ' records',
      '{"id":"uuid"}', 'GET', true, c[1 + g % 6],
      array[w[1 + (g / 3) % 49], w[1 + (g / 11) % 49]], (g * 7919) % 500,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g, words`);
  await pool.query('analyze apis');
  console.log(`inserted ${ROWS} public templates in ${Math.round(performance.now() - started)} ms`);

  const repository = createGalleryRepository(db);
  const cases: {
    label: string;
    sort: 'popular' | 'recent' | 'official';
    search?: string;
    category?: string;
  }[] = [
    { label: 'popular, no search', sort: 'popular' },
    { label: 'recent, no search', sort: 'recent' },
    { label: 'official first, no search', sort: 'official' },
    { label: 'popular, category ecommerce', sort: 'popular', category: 'ecommerce' },
    { label: 'popular, search "weather"', sort: 'popular', search: 'weather' },
    { label: 'recent, search "hotel book"', sort: 'recent', search: 'hotel book' },
    { label: 'popular, prefix search "pay"', sort: 'popular', search: 'pay' },
    { label: 'popular, search "zzzz" (no match)', sort: 'popular', search: 'zzzz' },
  ];
  for (const item of cases) {
    const query = {
      sort: item.sort,
      category: item.category,
      tsquery: searchQuery(item.search),
      limit: 21,
      viewerId: null,
    };
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      rows = (await repository.list(query)).length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)]!;
    const plan = await pool.query(
      `explain (analyze, costs off, timing off, summary on) ${last!.query}`,
      last!.params,
    );
    const lines = plan.rows.map((row) => row['QUERY PLAN'] as string);
    const indexes = [...new Set(lines.join('\n').match(/(?:apis_\w+index|apis_pkey)/g) ?? [])];
    const execution = lines.find((line) => line.startsWith('Execution Time')) ?? '';
    console.log(
      `${item.label.padEnd(36)} median ${median.toFixed(1).padStart(6)} ms (${RUNS} runs), ${rows} rows; indexes: ${indexes.join(', ') || 'none'}; ${execution}`,
    );
    if (process.env.VERBOSE) console.log(lines.map((line) => `    ${line}`).join('\n'));
  }
} finally {
  await pool.end();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
