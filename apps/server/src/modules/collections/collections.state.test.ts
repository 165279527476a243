/**
 * Collections' state under real load, over real HTTP and the real PostgreSQL: concurrent writes
 * (ids, deletes, merges), sandboxes (X-Mock-Session and ?__session, their isolation and reset),
 * the expiry of sessions unused 24 hours and the cap of 1,000 sessions per project. Projects
 * and collections are stored directly (the management API has its own tests); every call goes
 * through the app listening on a port, with `fetch`, so concurrent calls really are concurrent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { runMaintenance } from '../../db/maintenance.ts';
import { projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { collections } from '../../db/schema/collections.ts';
import { newRequestId } from '../../lib/ids.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

const USER = { id: 'number', name: 'string.name.fullname', email: 'email', age: 'number' };

interface StoredProject {
  id: string;
  ownerId: string;
  slug: string;
}

/** Stores a project of its own owner with the collections given (name, template, count...). */
async function storeProject(
  slug: string,
  list: {
    name: string;
    template: Record<string, unknown>;
    count: number;
    unknownFields?: 'refuse' | 'keep';
  }[],
): Promise<StoredProject> {
  const ownerId = `owner-${newRequestId()}`;
  await t.database.db
    .insert(users)
    .values({ id: ownerId, name: 'Owner', email: `${ownerId}@example.com`, emailVerified: true });
  const [project] = await t.database.db
    .insert(projects)
    .values({ ownerId, name: slug, slug, seed: 11 })
    .returning();
  const id = (project as { id: string }).id;
  for (const collection of list) {
    await t.database.db
      .insert(collections)
      .values({ projectId: id, path: `/${collection.name}`, ...collection });
  }
  return { id, ownerId, slug };
}

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read by each test as it expects it
  body: any;
}

/** One call to a project's base URL over HTTP, in a session when given. */
async function call(
  slug: string,
  method: string,
  path: string,
  options: { session?: string; body?: unknown; at?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.session !== undefined) headers['x-mock-session'] = options.session;
  const res = await fetch(`${options.at ?? base}/p/${slug}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** The records of a list (all of them), with its X-Total-Count. */
async function listOf(slug: string, path: string, session?: string, at?: string) {
  const res = await call(slug, 'GET', path, { session, at });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    records: res.body as Record<string, unknown>[],
    total: Number(res.headers.get('x-total-count')),
  };
}

const idsOf = (records: Record<string, unknown>[]) => records.map((record) => record.id);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Runs `work` for each item, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  }
  return results;
}

const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.db.$client.query(text, values)).rows as T[];

describe('concurrent writes to one collection', () => {
  let project: StoredProject;
  beforeAll(async () => {
    project = await storeProject('burst', [
      { name: 'users', template: USER, count: 10 },
      {
        name: 'notes',
        template: { id: 'number', title: 'string' },
        count: 3,
        unknownFields: 'keep',
      },
    ]);
  });

  it('gives 1,000 concurrent POSTs 1,000 distinct ids, and the list grows by exactly 1,000', {
    timeout: 60_000,
  }, async () => {
    const before = await listOf(project.slug, '/users');
    expect(before.total).toBe(10);
    expect(idsOf(before.records)).toEqual(range(1, 10));

    const started = performance.now();
    const answers = await Promise.all(
      range(1, 1000).map((i) =>
        call(project.slug, 'POST', '/users', {
          body: { name: `Burst ${i}`, email: `burst${i}@example.com`, age: i },
        }),
      ),
    );
    const wall = performance.now() - started;
    console.log(`1,000 concurrent POSTs to one collection: ${Math.round(wall)} ms wall time`);

    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const ids = answers.map((a) => a.body.id as number);
    expect(new Set(ids).size).toBe(1000);
    // Integer ids follow the seeded ones: 11..1010, each once.
    expect([...ids].sort((a, b) => a - b)).toEqual(range(11, 1010));
    for (const [i, answer] of answers.entries()) {
      expect(answer.body).toEqual({
        id: answer.body.id,
        name: `Burst ${i + 1}`,
        email: `burst${i + 1}@example.com`,
        age: i + 1,
      });
      expect(answer.headers.get('location')).toBe(
        `http://mocksmith.test/p/burst/users/${answer.body.id}`,
      );
    }

    const after = await listOf(project.slug, '/users');
    expect(after.total).toBe(1010);
    expect(after.records).toHaveLength(1010);
    expect(idsOf(after.records)).toEqual(range(1, 1010));
    const byId = new Map(after.records.map((record) => [record.id, record]));
    for (const answer of answers) expect(byId.get(answer.body.id)).toEqual(answer.body);
    // A page of it counts them all too.
    const page = await call(project.slug, 'GET', '/users?_page=2&_limit=100');
    expect(page.headers.get('x-total-count')).toBe('1010');
    expect(idsOf(page.body)).toEqual(range(101, 200));
  });

  it('deletes a seeded record once of 100 concurrent DELETEs: one 204, 99 404', async () => {
    const answers = await Promise.all(
      range(1, 100).map(() => call(project.slug, 'DELETE', '/users/5')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(99);
    const refused = answers.find((a) => a.status === 404);
    expect(refused?.body).toMatchObject({
      code: 'RECORD_NOT_FOUND',
      message: 'users has no record with the id 5',
    });
    expect((await call(project.slug, 'GET', '/users/5')).status).toBe(404);
    const list = await listOf(project.slug, '/users');
    expect(list.total).toBe(1009);
    expect(idsOf(list.records)).not.toContain(5);
  });

  it('deletes an added record once of 100 concurrent DELETEs', async () => {
    const answers = await Promise.all(
      range(1, 100).map(() => call(project.slug, 'DELETE', '/users/1010')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(99);
    const list = await listOf(project.slug, '/users');
    expect(list.total).toBe(1008);
    expect(idsOf(list.records)).not.toContain(1010);
    // Its id is not given again: the next POST gets 1011.
    const next = await call(project.slug, 'POST', '/users', {
      body: { name: 'Next', email: 'next@example.com', age: 1 },
    });
    expect(next.status).toBe(201);
    expect(next.body.id).toBe(1011);
  });

  it('keeps every field of 20 concurrent PATCHes of one record (no lost update)', async () => {
    const before = await call(project.slug, 'GET', '/notes/2');
    expect(before.status).toBe(200);
    const answers = await Promise.all(
      range(0, 19).map((i) =>
        call(project.slug, 'PATCH', '/notes/2', { body: { [`field${i}`]: i } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const expected = {
      ...before.body,
      ...Object.fromEntries(range(0, 19).map((i) => [`field${i}`, i])),
    };
    expect((await call(project.slug, 'GET', '/notes/2')).body).toEqual(expected);
    // The other records are untouched.
    const list = await listOf(project.slug, '/notes');
    expect(list.records.filter((record) => 'field0' in record).map((r) => r.id)).toEqual([2]);
  });

  it('keeps every template field of concurrent PATCHes of one user, in a session', async () => {
    const body = [{ name: 'Patched Name' }, { email: 'patched@example.com' }, { age: 99 }];
    // Each field 10 times over, interleaved: 30 concurrent PATCHes of record 3.
    const answers = await Promise.all(
      range(0, 29).map((i) =>
        call(project.slug, 'PATCH', '/users/3', { session: 'patches', body: body[i % 3] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect((await call(project.slug, 'GET', '/users/3', { session: 'patches' })).body).toEqual({
      id: 3,
      name: 'Patched Name',
      email: 'patched@example.com',
      age: 99,
    });
    // The shared state's record 3 is not the session's.
    const shared = await call(project.slug, 'GET', '/users/3');
    expect(shared.body.name).not.toBe('Patched Name');
  });
});

describe('sandboxes (X-Mock-Session, ?__session)', () => {
  let project: StoredProject;
  let seeded: Record<string, unknown>[];
  const slug = 'sandbox';

  beforeAll(async () => {
    project = await storeProject(slug, [
      { name: 'users', template: USER, count: 5 },
      { name: 'big', template: USER, count: 1000 },
    ]);
    seeded = (await listOf(slug, '/users')).records;
    expect(idsOf(seeded)).toEqual(range(1, 5));
  });

  const add = async (session: string | undefined, name: string) => {
    const res = await call(slug, 'POST', '/users', {
      session,
      body: { name, email: 'x@example.com', age: 30 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Record<string, unknown>;
  };
  const remove = async (session: string | undefined, id: number) => {
    expect((await call(slug, 'DELETE', `/users/${id}`, { session })).status).toBe(204);
  };
  const seededWithout = (id: number) => seeded.filter((record) => record.id !== id);

  it("keeps each session's writes to itself, and the shared state's to it", async () => {
    const ann = await add('A', 'Ann of A');
    await remove('A', 1);
    const bob = await add('B', 'Bob of B');
    await remove('B', 2);
    const sam = await add(undefined, 'Sam of the shared state');
    await remove(undefined, 3);
    // Each numbers its own records: the first one added is 6 everywhere.
    expect([ann.id, bob.id, sam.id]).toEqual([6, 6, 6]);

    expect((await listOf(slug, '/users', 'A')).records).toEqual([...seededWithout(1), ann]);
    expect((await listOf(slug, '/users', 'B')).records).toEqual([...seededWithout(2), bob]);
    expect((await listOf(slug, '/users')).records).toEqual([...seededWithout(3), sam]);
    // A session never used sees the seeded records.
    expect((await listOf(slug, '/users', 'C')).records).toEqual(seeded);
    // One record of each, read by id.
    expect((await call(slug, 'GET', '/users/6', { session: 'B' })).body).toEqual(bob);
    expect((await call(slug, 'GET', '/users/1', { session: 'A' })).status).toBe(404);
    expect((await call(slug, 'GET', '/users/1', { session: 'B' })).body).toEqual(seeded[0]);
  });

  it('reads ?__session=NAME as the header X-Mock-Session: NAME', async () => {
    const byHeader = await call(slug, 'GET', '/users', { session: 'A' });
    const byQuery = await call(slug, 'GET', '/users?__session=A');
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toEqual(byHeader.body);
    expect(byQuery.headers.get('x-total-count')).toBe('5');
    // A write through the query lands in the same session.
    const res = await call(slug, 'POST', '/users?__session=A', {
      body: { name: 'Query Ann', email: 'q@example.com', age: 2 },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(7);
    expect(idsOf((await listOf(slug, '/users', 'A')).records)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(idsOf((await listOf(slug, '/users', 'B')).records)).toEqual([1, 3, 4, 5, 6]);
    // The header wins over the query.
    const both = await call(slug, 'GET', '/users?__session=A', { session: 'B' });
    expect(both.body).toEqual((await listOf(slug, '/users', 'B')).records);
  });

  it('refuses an invalid session name with 400 and says what a name is', async () => {
    const message = (name: string) =>
      `A session name is 1 to 64 letters, digits, ".", "_", "~" or "-": "${name}" is not`;
    const spaced = await call(slug, 'GET', '/users', { session: 'two words' });
    expect(spaced.status).toBe(400);
    expect(spaced.body).toMatchObject({ code: 'INVALID_SESSION', message: message('two words') });
    const long = 'x'.repeat(65);
    const byQuery = await call(slug, 'POST', `/users?__session=${long}`, {
      body: { name: 'N', email: 'n@example.com', age: 1 },
    });
    expect(byQuery.status).toBe(400);
    expect(byQuery.body).toMatchObject({ code: 'INVALID_SESSION', message: message(long) });
    const reset = await call(slug, 'POST', '/__reset', { session: 'a/b' });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('INVALID_SESSION');
    // Nothing was written by them.
    expect((await listOf(slug, '/users')).total).toBe(5);
  });

  it("resets one session's state with the header, and the shared state without it", async () => {
    const bBefore = (await listOf(slug, '/users', 'B')).records;
    const sharedBefore = (await listOf(slug, '/users')).records;
    expect(bBefore).not.toEqual(seeded);

    const reset = await call(slug, 'POST', '/__reset', { session: 'A' });
    expect(reset.status).toBe(204);
    expect(reset.body).toBeUndefined();
    expect((await listOf(slug, '/users', 'A')).records).toEqual(seeded);
    expect((await listOf(slug, '/users', 'B')).records).toEqual(bBefore);
    expect((await listOf(slug, '/users')).records).toEqual(sharedBefore);
    // A's ids start over.
    expect((await add('A', 'Ann again')).id).toBe(6);

    expect((await call(slug, 'POST', '/__reset')).status).toBe(204);
    expect((await listOf(slug, '/users')).records).toEqual(seeded);
    expect((await listOf(slug, '/users', 'B')).records).toEqual(bBefore);
    // ?__session resets a session too, and a trailing slash is the same path.
    expect((await call(slug, 'POST', '/__reset/?__session=B')).status).toBe(204);
    expect((await listOf(slug, '/users', 'B')).records).toEqual(seeded);
    expect(idsOf((await listOf(slug, '/users', 'A')).records)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('resets a session whose 1,000 records of 1,000 were all changed', async () => {
    const big = (await listOf(slug, '/big')).records;
    expect(big).toHaveLength(1000);
    const patched = await inBatches(range(1, 1000), 250, (id) =>
      call(slug, 'PATCH', `/big/${id}`, { session: 'heavy', body: { age: -id } }),
    );
    expect(patched.map((a) => a.status)).toEqual(patched.map(() => 200));
    const changed = await listOf(slug, '/big', 'heavy');
    expect(changed.records.map((record) => record.age)).toEqual(range(1, 1000).map((id) => -id));
    const [row] = await query<{ changed: number; count: number }>(
      `select changed, count from collection_states where project_id = $1 and session = 'heavy'`,
      [project.id],
    );
    expect(row).toEqual({ changed: 1000, count: 1000 });

    const started = performance.now();
    const reset = await call(slug, 'POST', '/__reset', { session: 'heavy' });
    const ms = performance.now() - started;
    console.log(`reset of a session with 1,000 changed records of 1,000: ${ms.toFixed(1)} ms`);
    expect(reset.status).toBe(204);

    expect((await listOf(slug, '/big', 'heavy')).records).toEqual(big);
    expect(await query(`select 1 from collection_records where session = 'heavy'`)).toHaveLength(0);
    // The owner's stored bytes went with them.
    expect(await usageOf(project)).toBe(await stateBytesOf(project));
  });
});

/** The owner's stored state as counted (state_usage). */
async function usageOf(project: StoredProject): Promise<number> {
  const [row] = await query<{ bytes: string }>(
    'select bytes from state_usage where owner_id = $1',
    [project.ownerId],
  );
  return Number(row?.bytes ?? 0);
}

/** The bytes of the project's states, as the rows hold them. */
async function stateBytesOf(project: StoredProject): Promise<number> {
  const [row] = await query<{ bytes: string | null }>(
    'select sum(bytes)::bigint as bytes from collection_states where project_id = $1',
    [project.id],
  );
  return Number(row?.bytes ?? 0);
}

/** Sets a session's last use back `hours`. */
async function ageSession(project: StoredProject, name: string, hours: number) {
  const rows = await query(
    `update project_sessions set last_used_at = now() - make_interval(hours => $3)
      where project_id = $1 and name = $2 returning 1`,
    [project.id, name, hours],
  );
  expect(rows).toHaveLength(1);
}

/** When each session of the project was made, by name. */
async function createdOf(project: StoredProject) {
  const rows = await query<{ name: string; created_at: Date }>(
    'select name, created_at from project_sessions where project_id = $1 order by name',
    [project.id],
  );
  return rows.map((row) => [row.name, row.created_at.toISOString()]);
}

/** Runs a maintenance round now (retrying while a node's own round holds the lock). */
async function maintain() {
  for (let i = 0; i < 100; i++) {
    const report = await runMaintenance(t.database.db);
    if (report) return report;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the maintenance lock stayed taken');
}

describe('sessions unused 24 hours', () => {
  let project: StoredProject;
  let seeded: Record<string, unknown>[];
  const slug = 'expiry';

  beforeAll(async () => {
    project = await storeProject(slug, [{ name: 'users', template: USER, count: 5 }]);
    seeded = (await listOf(slug, '/users')).records;
  });

  /** Adds a record and deletes seeded record 1 in the session (or the shared state). */
  const change = async (session: string | undefined) => {
    const added = await call(slug, 'POST', '/users', {
      session,
      body: { name: `Of ${session}`, email: 'x@example.com', age: 1 },
    });
    expect(added.status).toBe(201);
    expect((await call(slug, 'DELETE', '/users/1', { session })).status).toBe(204);
    expect(idsOf((await listOf(slug, '/users', session)).records)).toEqual([2, 3, 4, 5, 6]);
  };

  it('empties a session unused 25 hours at its next call, read or write', async () => {
    // A node that has not touched them this minute (this one has). It runs a maintenance round
    // as it starts, which would delete them: they are aged once that is done.
    const other = await buildTestApp({}, { database: t.database });
    try {
      const at = await other.app.listen({ port: 0, host: '127.0.0.1' });
      await change('old-read');
      await change('old-write');
      await maintain();
      await ageSession(project, 'old-read', 25);
      await ageSession(project, 'old-write', 25);
      const createdBefore = await createdOf(project);
      const usageBefore = await usageOf(project);
      expect(usageBefore).toBeGreaterThan(0);

      expect((await listOf(slug, '/users', 'old-read', at)).records).toEqual(seeded);
      // Emptied before the write: the write lands on the seeded state.
      const written = await call(slug, 'POST', '/users', {
        session: 'old-write',
        at,
        body: { name: 'Fresh', email: 'f@example.com', age: 2 },
      });
      expect(written.status).toBe(201);
      expect(written.body.id).toBe(6);
      expect((await listOf(slug, '/users', 'old-write', at)).records).toEqual([
        ...seeded,
        written.body,
      ]);

      // The sessions stay (the same rows), used now; their old changes are gone, and their
      // bytes with them.
      const rows = await query<{ name: string; recent: boolean }>(
        `select name, last_used_at > now() - interval '1 minute' as recent from project_sessions
          where project_id = $1 and name <> '' order by name`,
        [project.id],
      );
      expect(rows).toEqual([
        { name: 'old-read', recent: true },
        { name: 'old-write', recent: true },
      ]);
      expect(await createdOf(project)).toEqual(createdBefore);
      expect(await usageOf(project)).toBe(await stateBytesOf(project));
      expect(await usageOf(project)).toBeLessThan(usageBefore);
    } finally {
      await other.close();
    }
  });

  it('deletes in maintenance the sessions unused 24 hours and their state, never the shared one', async () => {
    await change('stale');
    await change('fresh');
    await change(undefined);
    await ageSession(project, 'stale', 25);
    await ageSession(project, 'fresh', 23);
    await ageSession(project, '', 48);
    const states = async () =>
      (
        await query<{ session: string }>(
          'select session from collection_states where project_id = $1 order by session',
          [project.id],
        )
      ).map((row) => row.session);
    expect(await states()).toEqual(['', 'fresh', 'old-write', 'stale']);

    const report = await maintain();
    expect(report.projectSessions).toBe(1);
    const names = await query<{ name: string }>(
      'select name from project_sessions where project_id = $1 order by name',
      [project.id],
    );
    expect(names.map((row) => row.name)).toEqual(['', 'fresh', 'old-read', 'old-write']);
    expect(await states()).toEqual(['', 'fresh', 'old-write']);
    expect(await query(`select 1 from collection_records where session = 'stale'`)).toHaveLength(0);
    expect(await usageOf(project)).toBe(await stateBytesOf(project));

    expect((await listOf(slug, '/users', 'stale')).records).toEqual(seeded);
    expect(idsOf((await listOf(slug, '/users', 'fresh')).records)).toEqual([2, 3, 4, 5, 6]);
    expect(idsOf((await listOf(slug, '/users')).records)).toEqual([2, 3, 4, 5, 6]);
  });
});

describe('writes racing the clearing of their session', () => {
  it('answers a write sent with a reset of its session, never 500', async () => {
    const slug = 'reset-race';
    await storeProject(slug, [{ name: 'users', template: USER, count: 5 }]);
    const statuses: number[] = [];
    for (let round = 0; round < 150; round++) {
      const session = `race-${round}`;
      const body = { name: 'Racer', email: 'r@example.com', age: 1 };
      // The session's state exists; then a write and, 0 to 4 ms later, a reset.
      statuses.push((await call(slug, 'POST', '/users', { session, body })).status);
      const [write, reset] = await Promise.all([
        call(slug, 'POST', '/users', { session, body }),
        new Promise((resolve) => setTimeout(resolve, round % 5)).then(() =>
          call(slug, 'POST', '/__reset', { session }),
        ),
      ]);
      statuses.push(write.status, reset.status);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  }, 60_000);

  it('keeps a write sent with the first read of an expired session', async () => {
    const slug = 'expiry-race';
    const project = await storeProject(slug, [{ name: 'users', template: USER, count: 5 }]);
    const sessions = Array.from({ length: 20 }, (_, i) => `expired-${i}`);
    const body = (name: string) => ({ name, email: 'e@example.com', age: 1 });
    for (const session of sessions)
      await call(slug, 'POST', '/users', { session, body: body('Old') });
    // A node that has not touched them; aged once its own maintenance round is over.
    const other = await buildTestApp({}, { database: t.database });
    const problems: string[] = [];
    try {
      const at = await other.app.listen({ port: 0, host: '127.0.0.1' });
      await maintain();
      for (const session of sessions) await ageSession(project, session, 25);
      for (const session of sessions) {
        const [, write] = await Promise.all([
          call(slug, 'GET', '/users', { session, at }),
          call(slug, 'POST', '/users', { session, at, body: body('New') }),
        ]);
        const list = await call(slug, 'GET', '/users', { session, at });
        const names = (list.body as { name: string }[]).map((record) => record.name);
        if (write.status !== 201) problems.push(`${session}: the write answered ${write.status}`);
        else if (!names.includes('New'))
          problems.push(`${session}: the write answered 201 is gone`);
      }
    } finally {
      await other.close();
    }
    expect(problems).toEqual([]);
  });
});

describe('at most 1,000 sessions per project', () => {
  const slug = 'crowd';
  let project: StoredProject;
  let seeded: Record<string, unknown>[];
  const name = (i: number) => `s${String(i).padStart(4, '0')}`;
  const post = async (i: number, at?: string) => {
    const res = await call(slug, 'POST', '/users', {
      session: name(i),
      at,
      body: { name: name(i), email: 'x@example.com', age: i },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const namedSessions = async () =>
    (
      await query<{ name: string }>(
        `select name from project_sessions where project_id = $1 and name <> ''`,
        [project.id],
      )
    ).map((row) => row.name);

  it('drops the least recently used session when the 1,001st comes', async () => {
    project = await storeProject(slug, [{ name: 'users', template: USER, count: 3 }]);
    seeded = (await listOf(slug, '/users')).records;
    await post(0);
    await post(1);
    // s0000 used again, on a node that has not touched it this minute: s0001 is now the least
    // recently used.
    const other = await buildTestApp({}, { database: t.database });
    try {
      const at = await other.app.listen({ port: 0, host: '127.0.0.1' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await listOf(slug, '/users', name(0), at)).total).toBe(4);
    } finally {
      await other.close();
    }

    const started = performance.now();
    await inBatches(range(2, 1000), 10, (i) => post(i));
    console.log(`999 more sessions, each one POST: ${Math.round(performance.now() - started)} ms`);

    const named = await namedSessions();
    expect(named).toHaveLength(1000);
    expect(named).not.toContain(name(1));
    expect(named).toContain(name(0));
    expect(
      await query('select 1 from collection_states where project_id = $1 and session = $2', [
        project.id,
        name(1),
      ]),
    ).toHaveLength(0);

    // Its changes are gone: its next call sees the seeded records; the others keep theirs.
    expect((await listOf(slug, '/users', name(1))).records).toEqual(seeded);
    expect((await listOf(slug, '/users', name(0))).total).toBe(4);
    const last = await listOf(slug, '/users', name(1000));
    expect(last.records.at(-1)).toMatchObject({ id: 4, name: name(1000) });
    expect(await namedSessions()).toHaveLength(1000);
    expect(await usageOf(project)).toBe(await stateBytesOf(project));
  }, 60_000);

  it('keeps 1,000 when a dropped session writes again on the node that last touched it', async () => {
    await post(1);
    expect(idsOf((await listOf(slug, '/users', name(1))).records)).toEqual([1, 2, 3, 4]);
    const after = await namedSessions();
    expect(after).toContain(name(1));
    expect(after).toHaveLength(1000);
  });
});
