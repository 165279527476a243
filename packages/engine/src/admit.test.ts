/** The admit step: refusals in the spec's order, tokens and collection access. No HTTP. */
import { AppError } from '@mocksmith/core';
import type { CollectionDefinition } from '@mocksmith/core/collections';
import { describe, expect, it } from 'vitest';
import { type AdmittableApi, admit, admitStopped, collectionAccess, resetAccess } from './admit.ts';

const api: AdmittableApi = {
  requestId: 'abc',
  method: 'POST',
  customEndpoint: '/users/{id}',
  authToken: null,
  stopped: null,
  matchesEndpoint: (path) => /^\/users\/[^/]+$/.test(path),
};

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('admitted');
}

describe('admit', () => {
  it('admits the method and endpoint of the API', () => {
    expect(() => admit(api, 'POST', 'users/42/', undefined)).not.toThrow();
  });

  it('refuses another endpoint with 404 naming its own', () => {
    const error = refusal(() => admit(api, 'POST', 'orders', undefined));
    expect([error.statusCode, error.message]).toEqual([
      404,
      'Mock API "abc" has no endpoint "/orders"; its endpoint is "/users/{id}"',
    ]);
  });

  it('refuses another method with 405 and Allow (HEAD is GET)', () => {
    const error = refusal(() => admit(api, 'GET', undefined, undefined));
    expect([error.statusCode, error.headers]).toEqual([405, { Allow: 'POST, OPTIONS' }]);
    const get = { ...api, method: 'GET' };
    expect(() => admit(get, 'HEAD', undefined, undefined)).not.toThrow();
  });

  it('refuses a missing or wrong token with 401, any case of the scheme admitted', () => {
    const locked = { ...api, authToken: 'mck_secret' };
    expect(refusal(() => admit(locked, 'POST', undefined, undefined)).headers).toEqual({
      'WWW-Authenticate': 'Bearer realm="mocksmith"',
    });
    expect(refusal(() => admit(locked, 'POST', undefined, 'Bearer nope')).message).toBe(
      'The bearer token is wrong for this mock API',
    );
    expect(() => admit(locked, 'POST', undefined, 'bearer mck_secret')).not.toThrow();
  });

  it('refuses an API stopped by a moderator with 403', () => {
    expect(refusal(() => admitStopped({ ...api, stopped: 'disabled' })).statusCode).toBe(403);
    expect(refusal(() => admitStopped({ ...api, stopped: 'owner-banned' })).code).toBe(
      'ACCOUNT_BANNED',
    );
  });
});

describe('collection access', () => {
  const users = { name: 'users', authToken: null } as unknown as CollectionDefinition;
  const locked = { name: 'orders', authToken: 'tok_orders' } as unknown as CollectionDefinition;
  const project = { collections: [users, locked], settings: { authToken: null } };

  it('is anyone for an open collection, the owner with a token', () => {
    expect(collectionAccess(project, users, undefined)).toEqual({ kind: 'anyone' });
    expect(collectionAccess(project, locked, 'Bearer tok_orders')).toEqual({ kind: 'owner' });
  });

  it('refuses a wrong token with 401 naming what it takes', () => {
    expect(refusal(() => collectionAccess(project, locked, 'Bearer nope')).message).toBe(
      'The bearer token is wrong for collection orders: send its token (Authorization: Bearer)',
    );
  });

  it("takes the token the collections share for a reset, or the project's", () => {
    expect(resetAccess(project, 'Bearer tok_orders')).toEqual({ kind: 'owner' });
    const owned = { ...project, settings: { authToken: 'tok_project' } };
    expect(resetAccess(owned, 'Bearer tok_project')).toEqual({ kind: 'owner' });
    expect(refusal(() => resetAccess(owned, undefined)).statusCode).toBe(401);
  });
});
