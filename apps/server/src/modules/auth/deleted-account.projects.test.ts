/**
 * A deleted account's projects leave the mock URLs at once, even one without a route (whose
 * table no route's request id would drop): deleting an account announces `p:{slug}` too. And a
 * deletion during the maintenance's recount of stored state waits for it rather than deadlock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { runMaintenance } from '../../db/maintenance.ts';
import { projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { stateUsage } from '../../db/schema/collections.ts';
import { newRequestId } from '../../lib/ids.ts';
import { createAuthRepository } from './auth.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('deleting an account', () => {
  it('answers 404 at its projects once announced, even a project with no route', async () => {
    const owner = `gone-${newRequestId()}`;
    await t.database.db
      .insert(users)
      .values({ id: owner, name: 'Gone', email: `${owner}@example.com`, emailVerified: true });
    await t.database.db
      .insert(projects)
      .values({ ownerId: owner, name: 'Empty', slug: 'empty-gone', seed: 1 });
    // Cached as a project without routes.
    expect((await t.app.inject('/p/empty-gone/x')).json().message).toMatch(/has no routes yet/);
    const keys = await createAuthRepository(t.database.db).deleteUser(owner);
    expect(keys).toContain('p:empty-gone');
    for (const key of keys ?? []) await t.app.apiChanged(key);
    expect((await t.app.inject('/p/empty-gone/x')).json().message).toBe(
      'No project has the slug "empty-gone"',
    );
  });

  it('waits for a maintenance round counting stored state, and both end', async () => {
    const { db } = t.database;
    /** An owner of a project with no stored state yet: the recount inserts its row. */
    const storeOwner = async (slug: string) => {
      const id = `${slug}-${newRequestId()}`;
      await db.insert(users).values({ id, name: slug, email: `${id}@example.com` });
      await db.insert(projects).values({ ownerId: id, name: slug, slug, seed: 1 });
      return id;
    };
    const found = async (query: string, values: unknown[]) =>
      ((await db.$client.query(query, values)).rowCount ?? 0) > 0;
    // The app's own round at its start is over (its lock is free).
    await expect.poll(async () => (await runMaintenance(db)) !== null).toBe(true);
    const leaving = await storeOwner('leaving');
    const held = await storeOwner('held');

    // Another transaction holds one owner's row: the recount, holding the table, waits there.
    const other = await db.$client.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from users where id = $1 for update', [held]);
      const { rows } = await other.query<{ xid: string }>('select txid_current()::text as xid');
      const round = runMaintenance(db);
      await expect
        .poll(() =>
          found(
            `select 1 from pg_locks where locktype = 'transactionid' and not granted
              and transactionid::text = $1`,
            [rows[0]?.xid],
          ),
        )
        .toBe(true);
      // The account is deleted meanwhile: its cascade reaches the table the recount holds.
      const deletion = createAuthRepository(db).deleteUser(leaving);
      await expect
        .poll(() =>
          found(
            `select 1 from pg_locks where relation = 'state_usage'::regclass and not granted`,
            [],
          ),
        )
        .toBe(true);
      await other.query('commit');
      expect(await deletion).toContain('p:leaving');
      expect(await round).not.toBeNull();
    } finally {
      other.release();
    }
    const usage = await db.select().from(stateUsage).where(eq(stateUsage.ownerId, held));
    expect(usage).toEqual([{ ownerId: held, bytes: 0, anonymousBytes: 0 }]);
    expect(await db.select().from(users).where(eq(users.id, leaving))).toEqual([]);
  });
});
