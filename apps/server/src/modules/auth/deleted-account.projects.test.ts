/**
 * A deleted account's projects leave the mock URLs at once, even one without a route (whose
 * table no route's request id would drop): deleting an account announces `p:{slug}` too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
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
});
