/**
 * `npx tsx apps/server/scripts/analytics-timing.ts`: times the analytics' chart queries over a
 * busy history. Creates a scratch database on TEST_DATABASE_URL's server, migrates it, seeds two
 * projects with 30 days of 1,000,000 calls a day each (as the roll-ups hold them, with
 * generate_series), then answers each range's charts several times for one of them: the cold,
 * median and slowest time of each answer and of each of its reads, and the plan of each read
 * (which index serves it). The scratch database is dropped at the end. The issue's target:
 * < 300 ms a chart.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, migrateDatabase } from '../src/db/client.ts';
import { createAnalyticsRepository } from '../src/modules/analytics/analytics.repository.ts';
import { windowOf } from '../src/modules/analytics/analytics.service.ts';
import { seedHistory, timeCharts, timingLines } from '../src/modules/analytics/history-seed.ts';

const RUNS = 9;
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const name = `mocksmith_analytics_${randomBytes(4).toString('hex')}`;
const url = new URL(baseUrl);
url.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const database = createDatabase(url.toString(), { timeoutMs: 120_000 });

try {
  await migrateDatabase(database.db);
  const pool = database.pool;
  await pool.query(
    `insert into users (id, name, email, email_verified) values ('timing', 'Timing', 'timing@example.com', true)`,
  );
  const { rows } = await pool.query<{ id: string }>(
    `insert into projects (owner_id, name, slug, seed)
     values ('timing', 'Busy', 'busy', 1), ('timing', 'Neighbour', 'neighbour', 2) returning id`,
  );
  const now = new Date();
  const started = performance.now();
  for (const row of rows) await seedHistory(pool, { projectId: row.id, now });
  const counts = await pool.query<{ table: string; rows: string }>(
    `select relname as table, n_live_tup as rows from pg_stat_user_tables
      where relname like 'analytics_%' order by relname`,
  );
  console.log(
    `seeded 2 projects × 30 days × 1,000,000 calls a day in ${Math.round(performance.now() - started)} ms:`,
  );
  for (const count of counts.rows)
    console.log(`  ${count.table.padEnd(28)}${count.rows.padStart(9)} rows`);

  const projectId = (rows[0] as { id: string }).id;
  const { timings } = await timeCharts(
    createAnalyticsRepository(database.db),
    projectId,
    now,
    RUNS,
  );
  console.log(`\nchart queries, ${RUNS} runs each:`);
  for (const line of timingLines(timings)) console.log(line);

  console.log('\nplans:');
  for (const range of ['hour', 'week', '90d'] as const) {
    const window = windowOf(range, now);
    const table = { minute: 'analytics_minutes', hour: 'analytics_hours', day: 'analytics_days' }[
      window.grain
    ];
    const consumers =
      window.topGrain === 'hour' ? 'analytics_consumer_hours' : 'analytics_consumer_days';
    for (const [label, text, values] of [
      [
        `${range}: series and latency`,
        `select * from ${table} where project_id = $1 and at >= $2 and at < $3 order by at`,
        [projectId, window.from, window.to],
      ],
      [
        `${range}: top consumers`,
        `select client, sum(calls) from ${consumers} where project_id = $1 and at >= $2 and at < $3
          group by client order by sum(calls) desc, client limit 10`,
        [projectId, window.topFrom, window.topTo],
      ],
    ] as const) {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${text}`,
        [...values],
      );
      console.log(`-- ${label}`);
      for (const line of plan.rows) console.log(`   ${line['QUERY PLAN']}`);
    }
  }
} finally {
  await database.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
