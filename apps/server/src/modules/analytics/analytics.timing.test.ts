/**
 * The measured case: a project with 30 days of 1,000,000 calls a day (as the roll-ups hold
 * them, seeded with generate_series) beside a second project as busy, and each range's chart
 * query over it. The answers are checked; the times are logged, not asserted (the machine is
 * shared): the target is < 300 ms a chart. scripts/analytics-timing.ts prints the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper.ts';
import { projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { newRequestId } from '../../lib/ids.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { windowOf } from './analytics.service.ts';
import { seedHistory, timeCharts, timingLines } from './history-seed.ts';

let database: TestDatabase;
const now = new Date();
let projectId = '';
let callsSince: (since: Date) => number = () => 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = `owner-${newRequestId()}`;
  await database.db
    .insert(users)
    .values({ id: owner, name: 'Owner', email: `${owner}@example.com`, emailVerified: true });
  const ids: string[] = [];
  for (const slug of ['busy', 'neighbour']) {
    const [row] = await database.db
      .insert(projects)
      .values({
        ownerId: owner,
        name: slug,
        slug: `${slug}-${newRequestId(6).toLowerCase()}`,
        seed: 1,
      })
      .returning();
    ids.push((row as { id: string }).id);
  }
  projectId = ids[0] as string;
  const started = performance.now();
  for (const id of ids) {
    const seeded = await seedHistory(database.pool, { projectId: id, now });
    if (id === projectId) callsSince = seeded.callsSince;
  }
  console.log(
    `seeded 2 projects × 30 days × 1,000,000 calls a day as roll-up rows in ${Math.round(performance.now() - started)} ms`,
  );
}, 300_000);
afterAll(() => database?.drop());

describe('30 days of 1,000,000 calls a day', () => {
  it('answers every chart, with the calls each range holds', async () => {
    const { timings, answers } = await timeCharts(
      createAnalyticsRepository(database.db),
      projectId,
      now,
    );
    console.log(
      ['chart queries over 30 days × 1,000,000 calls a day:', ...timingLines(timings)].join('\n'),
    );

    for (const range of ['hour', 'week', '90d'] as const) {
      const answer = answers[range];
      expect(answer.totals.calls, range).toBe(callsSince(windowOf(range, now).from));
      expect(answer.latency.p50, range).toBeGreaterThan(20);
      expect(answer.latency.p50, range).toBeLessThan(45);
      expect(answer.latency.p99, range).toBeGreaterThan(answer.latency.p95 as number);
      expect(answer.topRoutes, range).toHaveLength(10);
      expect(answer.topRoutes[0]?.route, range).toBe('GET /resource-1/{id}');
      expect(answer.topConsumers, range).toHaveLength(10);
    }
    // 30 whole days of 1,000,000 calls, and today's so far.
    expect(answers['90d'].totals.calls).toBeGreaterThanOrEqual(30_000_000);
    expect(answers['90d'].series.filter((point) => point.calls === 1_000_000)).toHaveLength(30);
  });
});
