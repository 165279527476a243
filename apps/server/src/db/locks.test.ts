/**
 * The work that must happen once whatever the number of nodes: migrations started on two nodes
 * at once apply once, and one node a round does the cleanup of expired sessions and tokens.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { createDatabase, migrateDatabase } from './client.ts';
import { lockKeys } from './locks.ts';
import { runMaintenance } from './maintenance.ts';
import { sessions, users, verifications } from './schema/auth.ts';

describe('migrations', () => {
  it('apply once when two nodes start on an empty database at the same moment', async () => {
    // An empty database (the test databases are clones of a migrated one).
    const empty = await createTestDatabase();
    await empty.db.execute(sql`drop schema public cascade`);
    await empty.db.execute(sql`drop schema if exists drizzle cascade`);
    await empty.db.execute(sql`create schema public`);
    const nodes = [createDatabase(empty.url), createDatabase(empty.url)];
    try {
      const results = await Promise.allSettled(nodes.map((node) => migrateDatabase(node.db)));
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const applied = await empty.db.execute<{ count: string }>(
        sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
      );
      const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } });
      expect(Number(applied.rows[0]?.count)).toBe(journal.default.entries.length);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await empty.drop();
    }
  });
});

describe('maintenance', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  async function seed() {
    const id = randomBytes(8).toString('hex');
    await database.db.insert(users).values({ id, name: 'Kept', email: `${id}@example.test` });
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await database.db.insert(sessions).values([
      { id: `old-${id}`, token: `old-${id}`, userId: id, expiresAt: past },
      { id: `new-${id}`, token: `new-${id}`, userId: id, expiresAt: future },
    ]);
    await database.db.insert(verifications).values([
      { id: `old-${id}`, identifier: 'reset', value: 'x', expiresAt: past },
      { id: `new-${id}`, identifier: 'reset', value: 'y', expiresAt: future },
    ]);
    return id;
  }

  const left = async (id: string) => ({
    sessions: (
      await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id))
    ).map((row) => row.id),
    verifications: (
      await database.db
        .select({ id: verifications.id })
        .from(verifications)
        .where(sql`${verifications.id} like ${`%-${id}`}`)
    ).map((row) => row.id),
  });

  it('deletes the expired sessions and tokens, and keeps the live ones', async () => {
    const id = await seed();
    const report = await runMaintenance(database.db);
    expect(report).toMatchObject({ sessions: 1, verifications: 1 });
    expect(await left(id)).toEqual({ sessions: [`new-${id}`], verifications: [`new-${id}`] });
  });

  it('does nothing while another node holds its lock', async () => {
    const id = await seed();
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1, $2)', lockKeys('maintenance'));
      expect(await runMaintenance(database.db)).toBeNull();
      expect((await left(id)).sessions).toHaveLength(2);
    } finally {
      await other.end();
    }
    expect(await runMaintenance(database.db)).toMatchObject({ sessions: 1 });
  });
});
