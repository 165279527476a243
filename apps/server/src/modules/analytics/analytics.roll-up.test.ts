/**
 * The roll-ups from the request log's batches, in the real PostgreSQL: a batch's calls counted
 * in their minute, hour and day (statuses by class, faults, a latency histogram added element by
 * element, batches after batches), the routes and consumers by hour and day, and what the
 * charts read back: the series at each range's grain, the percentiles, the top lists, nothing of
 * another project; a deleted project's calls are dropped; a stand-alone API's calls counted
 * apart and deleted with it; the maintenance keeps each table its time.
 */
import type { NewLoggedCall } from '@mocksmith/core/inspector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper.ts';
import { runMaintenance } from '../../db/maintenance.ts';
import { apis, projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { createAccess } from '../../lib/access.ts';
import { newRequestId } from '../../lib/ids.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { type AnalyticsService, createAnalyticsService } from './analytics.service.ts';
import { bucketOf, bucketStart } from './latency-histogram.ts';

let database: TestDatabase;
let analytics: AnalyticsService;
const OWNER = `owner-${newRequestId()}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insert(users)
    .values({ id: OWNER, name: 'Owner', email: `${OWNER}@example.com`, emailVerified: true });
  analytics = createAnalyticsService({
    repository: createAnalyticsRepository(database.db),
    access: createAccess({
      findOwnedProject: async (id, ownerId) => (ownerId === OWNER ? { id } : null),
      findApi: async (id) => ({ id, requestId: id, ownerId: OWNER, projectId: null }),
    }),
  });
});
afterAll(() => database?.drop());

async function newProject(): Promise<string> {
  const slug = `a-${newRequestId(8).toLowerCase()}`;
  const [row] = await database.db
    .insert(projects)
    .values({ ownerId: OWNER, name: slug, slug, seed: 1 })
    .returning();
  return (row as { id: string }).id;
}

/** A call of `projectId` at `at`: a 200 of GET /users/{id} from client-a in 12 ms, unless given. */
function call(
  projectId: string,
  at: string,
  changes: Partial<Omit<NewLoggedCall, 'projectId' | 'apiId'>> = {},
): NewLoggedCall {
  return {
    projectId,
    at: new Date(at),
    method: 'GET',
    path: '/users/1',
    route: 'GET /users/{id}',
    collection: null,
    query: '',
    headers: {},
    body: null,
    bodyTruncated: false,
    status: 200,
    response: null,
    rule: null,
    latencyMs: 12,
    delayMs: 0,
    fault: null,
    upstream: null,
    session: null,
    client: 'client-a',
    ...changes,
  };
}

const query = async <Row>(text: string, values: unknown[]) =>
  (await database.db.$client.query(text, values)).rows as Row[];

describe('the roll-ups of a batch', () => {
  it('count each call in its minute, hour and day, by status class, with faults and latency', async () => {
    const project = await newProject();
    await analytics.addCalls([
      call(project, '2026-11-20T10:15:05Z'),
      call(project, '2026-11-20T10:15:40Z', { status: 404, route: null, path: '/nope/9' }),
      call(project, '2026-11-20T10:15:59Z', { status: 503, fault: '503', latencyMs: 2 }),
      call(project, '2026-11-20T10:16:00Z', { status: 0, fault: 'reset', latencyMs: 150 }),
      call(project, '2026-11-20T11:00:00Z', { status: 302, latencyMs: 0.4, client: 'client-b' }),
      call(project, '2026-11-21T00:00:00Z', { status: 101, latencyMs: 70_000 }),
    ]);
    // A second batch adds to the rows the first made.
    await analytics.addCalls([
      call(project, '2026-11-20T10:15:30Z', { status: 201, latencyMs: 12.5 }),
    ]);

    const minutes = await query<Record<string, unknown>>(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at, calls, s1xx, s2xx, s3xx,
              s4xx, s5xx, s0, faults from analytics_minutes where project_id = $1 order by at`,
      [project],
    );
    expect(minutes).toEqual([
      {
        at: '2026-11-20 10:15',
        calls: 4,
        s1xx: 0,
        s2xx: 2,
        s3xx: 0,
        s4xx: 1,
        s5xx: 1,
        s0: 0,
        faults: 1,
      },
      {
        at: '2026-11-20 10:16',
        calls: 1,
        s1xx: 0,
        s2xx: 0,
        s3xx: 0,
        s4xx: 0,
        s5xx: 0,
        s0: 1,
        faults: 1,
      },
      {
        at: '2026-11-20 11:00',
        calls: 1,
        s1xx: 0,
        s2xx: 0,
        s3xx: 1,
        s4xx: 0,
        s5xx: 0,
        s0: 0,
        faults: 0,
      },
      {
        at: '2026-11-21 00:00',
        calls: 1,
        s1xx: 1,
        s2xx: 0,
        s3xx: 0,
        s4xx: 0,
        s5xx: 0,
        s0: 0,
        faults: 0,
      },
    ]);
    const hours = await query<{ at: string; calls: number; faults: number }>(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24') as at, calls, faults
         from analytics_hours where project_id = $1 order by at`,
      [project],
    );
    expect(hours).toEqual([
      { at: '2026-11-20 10', calls: 5, faults: 2 },
      { at: '2026-11-20 11', calls: 1, faults: 0 },
      { at: '2026-11-21 00', calls: 1, faults: 0 },
    ]);
    const days = await query<{ at: string; calls: number; latency: number[] }>(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as at, calls, latency
         from analytics_days where project_id = $1 order by at`,
      [project],
    );
    expect(days.map(({ at, calls }) => ({ at, calls }))).toEqual([
      { at: '2026-11-20', calls: 6 },
      { at: '2026-11-21', calls: 1 },
    ]);
    // The histogram: 12 and 12.5 ms share a bucket (two batches added element by element).
    const expected = new Array<number>(48).fill(0);
    for (const ms of [12, 12.5, 2, 150, 0.4])
      expected[bucketOf(ms)] = (expected[bucketOf(ms)] ?? 0) + 1;
    // The 404 took the default 12 ms too.
    expected[bucketOf(12)] = (expected[bucketOf(12)] ?? 0) + 1;
    expect(days[0]?.latency).toEqual(expected);
    expect(days[1]?.latency[47]).toBe(1);
  });

  it('counts routes and consumers by hour and day, naming unrouted calls by their path', async () => {
    const project = await newProject();
    await analytics.addCalls([
      call(project, '2026-11-20T10:01:00Z'),
      call(project, '2026-11-20T10:02:00Z', { path: '/users/2' }),
      call(project, '2026-11-20T10:03:00Z', { route: null, path: '/nope/3', status: 404 }),
      call(project, '2026-11-20T11:03:00Z', { route: null, path: '/nope/4', status: 404 }),
      call(project, '2026-11-20T11:04:00Z', { route: 'POST /orders', client: 'client-b' }),
    ]);
    const routeHours = await query(
      `select to_char(at at time zone 'UTC', 'HH24') as hour, route, calls
         from analytics_route_hours where project_id = $1 order by at, route`,
      [project],
    );
    expect(routeHours).toEqual([
      { hour: '10', route: 'GET /nope/{id}', calls: 1 },
      { hour: '10', route: 'GET /users/{id}', calls: 2 },
      { hour: '11', route: 'GET /nope/{id}', calls: 1 },
      { hour: '11', route: 'POST /orders', calls: 1 },
    ]);
    const routeDays = await query(
      'select route, calls from analytics_route_days where project_id = $1 order by route',
      [project],
    );
    expect(routeDays).toEqual([
      { route: 'GET /nope/{id}', calls: 2 },
      { route: 'GET /users/{id}', calls: 2 },
      { route: 'POST /orders', calls: 1 },
    ]);
    const consumerDays = await query(
      'select client, calls from analytics_consumer_days where project_id = $1 order by client',
      [project],
    );
    expect(consumerDays).toEqual([
      { client: 'client-a', calls: 4 },
      { client: 'client-b', calls: 1 },
    ]);
    const consumerHours = await query(
      'select count(*)::int as rows from analytics_consumer_hours where project_id = $1',
      [project],
    );
    expect(consumerHours).toEqual([{ rows: 3 }]);
  });

  it('drops the calls of a project deleted meanwhile, and counts the others of the batch', async () => {
    const kept = await newProject();
    const gone = await newProject();
    await database.db.execute(sql`delete from projects where id = ${gone}`);
    await analytics.addCalls([
      call(gone, '2026-11-20T10:00:00Z'),
      call(kept, '2026-11-20T10:00:00Z'),
    ]);
    const rows = await query<{ project_id: string }>(
      'select project_id from analytics_minutes where project_id = any($1)',
      [[kept, gone]],
    );
    expect(rows).toEqual([{ project_id: kept }]);
  });
});

describe('the charts read back', () => {
  it('give each range its series, totals, status mix, percentiles and top lists', async () => {
    const project = await newProject();
    const other = await newProject();
    const now = new Date('2026-11-20T10:30:20Z');
    const calls: NewLoggedCall[] = [];
    // 100 calls in the current minute, latencies 1 to 100 ms; 5 of them faults answering 503.
    for (let n = 1; n <= 100; n++) {
      calls.push(
        call(project, '2026-11-20T10:30:10Z', {
          latencyMs: n,
          client: n <= 60 ? 'client-a' : 'client-b',
          route: n <= 70 ? 'GET /users/{id}' : 'POST /orders',
          ...(n > 95 ? { status: 503, fault: '503' } : {}),
        }),
      );
    }
    calls.push(call(project, '2026-11-20T09:31:00Z', { status: 404, client: 'client-c' }));
    // Older than the hour (still in the week), and older than the week (still in 90 days).
    calls.push(call(project, '2026-11-20T09:29:59Z', { client: 'client-c' }));
    calls.push(call(project, '2026-11-10T12:00:00Z', { client: 'client-d' }));
    // Another project's calls never show.
    calls.push(call(other, '2026-11-20T10:30:00Z', { client: 'client-z', route: 'GET /z' }));
    await analytics.addCalls(calls);

    const hour = await analytics.forProject(OWNER, project, 'hour', now);
    expect(hour.step).toBe('minute');
    expect(hour.series).toHaveLength(60);
    expect(hour.series[0]).toMatchObject({ at: '2026-11-20T09:31:00.000Z', calls: 1, s4xx: 1 });
    expect(hour.series[59]).toMatchObject({
      at: '2026-11-20T10:30:00.000Z',
      calls: 100,
      s2xx: 95,
      s5xx: 5,
      faults: 5,
    });
    expect(hour.series.slice(1, 59).every((point) => point.calls === 0)).toBe(true);
    expect(hour.totals).toEqual({ calls: 101, faults: 5, proxied: 0 });
    expect(hour.statusMix).toEqual({ s1xx: 0, s2xx: 95, s3xx: 0, s4xx: 1, s5xx: 5, s0: 0 });
    // Exact percentiles are 50, 95 and 99 ms (ranks 51, 96 and 100 of 1 to 100 ms and the
    // 404's 12 ms): each read within its bucket.
    for (const [read, exact] of [
      [hour.latency.p50, 50],
      [hour.latency.p95, 95],
      [hour.latency.p99, 99],
    ] as const) {
      const index = bucketOf(exact);
      expect(read).toBeGreaterThanOrEqual(bucketStart(index) - 0.05);
      expect(read).toBeLessThanOrEqual(bucketStart(index + 1) + 0.05);
    }
    // The top lists count from the start of the previous hour: the 09:29:59 call too.
    expect(hour.topSince).toBe('2026-11-20T09:00:00.000Z');
    expect(hour.topRoutes).toEqual([
      { route: 'GET /users/{id}', calls: 72 },
      { route: 'POST /orders', calls: 30 },
    ]);
    expect(hour.topConsumers).toEqual([
      { client: 'client-a', calls: 60 },
      { client: 'client-b', calls: 40 },
      { client: 'client-c', calls: 2 },
    ]);

    const week = await analytics.forProject(OWNER, project, 'week', now);
    expect(week.step).toBe('hour');
    expect(week.series).toHaveLength(168);
    expect(week.series.at(-1)).toMatchObject({ at: '2026-11-20T10:00:00.000Z', calls: 100 });
    expect(week.series.at(-2)).toMatchObject({ at: '2026-11-20T09:00:00.000Z', calls: 2 });
    expect(week.totals.calls).toBe(102);
    expect(week.topSince).toBe('2026-11-13T11:00:00.000Z');

    const days = await analytics.forProject(OWNER, project, '90d', now);
    expect(days.step).toBe('day');
    expect(days.series).toHaveLength(90);
    expect(days.series[0]?.at).toBe('2026-08-23T00:00:00.000Z');
    expect(days.series.at(-1)).toMatchObject({ at: '2026-11-20T00:00:00.000Z', calls: 102 });
    expect(days.series.at(-11)).toMatchObject({ at: '2026-11-10T00:00:00.000Z', calls: 1 });
    expect(days.totals.calls).toBe(103);
    expect(days.topConsumers.map((row) => row.client)).toEqual([
      'client-a',
      'client-b',
      'client-c',
      'client-d',
    ]);
  });

  it('answers an empty range with zeros and no percentiles', async () => {
    const project = await newProject();
    const empty = await analytics.forProject(OWNER, project, 'week', new Date());
    expect(empty.series).toHaveLength(168);
    expect(empty.totals).toEqual({ calls: 0, faults: 0, proxied: 0 });
    expect(empty.latency).toEqual({ p50: null, p95: null, p99: null });
    expect(empty.topRoutes).toEqual([]);
    expect(empty.topConsumers).toEqual([]);
  });

  it('is PROJECT_NOT_FOUND for a project that is not the user’s', async () => {
    const project = await newProject();
    await expect(analytics.forProject('someone-else', project, 'hour')).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
      statusCode: 404,
    });
    await expect(analytics.forProject(OWNER, 'not-a-uuid', 'hour')).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
    });
  });
});

/** A stand-alone API of the owner (a row of `apis` with no project). */
async function newApi(): Promise<string> {
  const [row] = await database.db
    .insert(apis)
    .values({
      ownerId: OWNER,
      requestId: newRequestId(),
      name: 'Alone',
      template: '{}',
      method: 'GET',
    })
    .returning();
  return (row as { id: string }).id;
}

/** A call of the stand-alone API `apiId` at `at`, as `call` makes a project's. */
function apiCall(
  apiId: string,
  at: string,
  changes: Partial<Omit<NewLoggedCall, 'projectId' | 'apiId'>> = {},
): NewLoggedCall {
  const { projectId: _projectId, ...rest } = call('unused', at, changes);
  return { ...rest, projectId: null, apiId, route: null, path: '/api/x' };
}

const ROLL_UP_TABLES = [
  'analytics_minutes',
  'analytics_hours',
  'analytics_days',
  'analytics_route_hours',
  'analytics_route_days',
  'analytics_consumer_hours',
  'analytics_consumer_days',
];

describe('a stand-alone API’s calls', () => {
  it('are counted apart from a project’s, batch after batch in the same rows, and charted', async () => {
    const api = await newApi();
    const project = await newProject();
    await analytics.addCalls([
      apiCall(api, '2026-11-21T10:00:05Z'),
      call(project, '2026-11-21T10:00:06Z'),
      apiCall(api, '2026-11-21T10:00:07Z', { status: 404 }),
    ]);
    await analytics.addCalls([apiCall(api, '2026-11-21T10:00:30Z', { client: 'client-b' })]);

    // Its key has no project (a null the unique key finds again): one row a minute, summed.
    const minutes = await query<{ project_id: string | null; calls: number; s4xx: number }>(
      'select project_id, calls, s4xx from analytics_minutes where api_id = $1',
      [api],
    );
    expect(minutes).toEqual([{ project_id: null, calls: 3, s4xx: 1 }]);
    for (const table of ROLL_UP_TABLES) {
      const [own] = await query<{ n: number }>(
        `select coalesce(sum(calls), 0)::int as n from ${table} where api_id = $1`,
        [api],
      );
      expect(own?.n, table).toBe(3);
    }
    const charts = await analytics.forApi(OWNER, api, 'hour', new Date('2026-11-21T10:01:00Z'));
    expect(charts.totals).toEqual({ calls: 3, faults: 0, proxied: 0 });
    expect(charts.statusMix).toMatchObject({ s2xx: 2, s4xx: 1 });
    expect(charts.topRoutes).toEqual([{ route: 'GET /api/x', calls: 3 }]);
    expect(charts.topConsumers).toEqual([
      { client: 'client-a', calls: 2 },
      { client: 'client-b', calls: 1 },
    ]);
    // The project's call is its own, not the API's.
    const projectCharts = await analytics.forProject(
      OWNER,
      project,
      'hour',
      new Date('2026-11-21T10:01:00Z'),
    );
    expect(projectCharts.totals.calls).toBe(1);
  });

  it('go with the API, and a row is of a project or an API, never both or neither', async () => {
    const api = await newApi();
    await analytics.addCalls([apiCall(api, '2026-11-21T11:00:00Z')]);
    await database.db.execute(sql`delete from apis where id = ${api}`);
    for (const table of ROLL_UP_TABLES) {
      const [left] = await query<{ n: number }>(
        `select count(*)::int as n from ${table} where api_id = $1`,
        [api],
      );
      expect(left?.n, table).toBe(0);
    }
    await expect(
      query('insert into analytics_minutes (at, calls, latency) values (now(), 1, $1)', [[]]),
    ).rejects.toThrow(/analytics_minutes_one_owner/);
  });

  it('is API_NOT_FOUND for an API that is not the user’s', async () => {
    const api = await newApi();
    await expect(analytics.forApi('someone-else', api, 'hour')).rejects.toMatchObject({
      code: 'API_NOT_FOUND',
      statusCode: 404,
    });
  });
});

describe('the maintenance', () => {
  it('keeps minutes 2 days, hours 8 days and days 90 days', async () => {
    const project = await newProject();
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString();
    await analytics.addCalls(
      [1, 3, 9, 88, 92].map((days) => call(project, ago(days), { client: `client-${days}` })),
    );
    await runMaintenance(database.db);
    const kept = async (table: string) =>
      (
        await query<{ n: number }>(
          `select count(*)::int as n from ${table} where project_id = $1`,
          [project],
        )
      )[0]?.n;
    // Each call in its own day (and hour, and minute): the ones within each table's time stay.
    expect(await kept('analytics_minutes')).toBe(1);
    expect(await kept('analytics_hours')).toBe(2);
    expect(await kept('analytics_route_hours')).toBe(2);
    expect(await kept('analytics_consumer_hours')).toBe(2);
    expect(await kept('analytics_days')).toBe(4);
    expect(await kept('analytics_route_days')).toBe(4);
    expect(await kept('analytics_consumer_days')).toBe(4);
  });
});
