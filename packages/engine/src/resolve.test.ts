/** The resolve step over an in-memory table: no database, no HTTP. */
import { AppError } from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import { type ResolvableProject, resolve } from './resolve.ts';
import { compileRouteTable } from './route-table.ts';

const project: ResolvableProject<string> = {
  slug: 'shop',
  name: 'Shop',
  stopped: null,
  table: compileRouteTable([
    { method: 'GET', path: '/users', value: 'list' },
    { method: 'GET', path: '/users/{id:integer}', value: 'one' },
    { method: 'DELETE', path: '/users/{id:integer}', value: 'delete' },
  ]),
};

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('resolved');
}

describe('resolve', () => {
  it('finds the route of a path and its typed parameters', () => {
    const found = resolve(project, 'shop', 'GET', '/users/42?x=1');
    expect(found).toMatchObject({ kind: 'route', route: { value: 'one' }, params: { id: 42 } });
  });

  it('answers HEAD with the GET route', () => {
    expect(resolve(project, 'shop', 'HEAD', '/users')).toMatchObject({ route: { value: 'list' } });
  });

  it('refuses an unknown project with 404', () => {
    const error = refusal(() => resolve(null, 'nope', 'GET', '/users'));
    expect([error.statusCode, error.code, error.message]).toEqual([
      404,
      'PROJECT_NOT_FOUND',
      'No project has the slug "nope"',
    ]);
  });

  it('refuses a project whose owner is banned with 403', () => {
    const error = refusal(() =>
      resolve({ ...project, stopped: 'owner-banned' }, 'shop', 'GET', '/users'),
    );
    expect([error.statusCode, error.code]).toEqual([403, 'ACCOUNT_BANNED']);
  });

  it('refuses an unknown path with 404 naming the closest routes', () => {
    const error = refusal(() => resolve(project, 'shop', 'GET', '/user?page=2'));
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe(
      'Project "Shop" (shop) has no route for GET /user; the closest: GET /users, GET /users/{id:integer}, DELETE /users/{id:integer}',
    );
    expect(error.details).toEqual({
      project: 'shop',
      routes: ['GET /users', 'GET /users/{id:integer}', 'DELETE /users/{id:integer}'],
    });
  });

  it('says a project has no routes yet', () => {
    const empty = { ...project, table: compileRouteTable<string>([]) };
    expect(refusal(() => resolve(empty, 'shop', 'GET', '/')).message).toBe(
      'Project "Shop" (shop) has no routes yet: add one on its page',
    );
  });

  it('refuses another method with 405 and Allow', () => {
    const error = refusal(() => resolve(project, 'shop', 'PUT', '/users/7'));
    expect(error.statusCode).toBe(405);
    expect(error.headers).toEqual({ Allow: 'GET, HEAD, DELETE, OPTIONS' });
    expect(error.message).toBe(
      '/users/7 of project "Shop" answers GET, HEAD, DELETE, OPTIONS, not PUT',
    );
  });

  it("answers OPTIONS with the path's Allow, or OPTIONS alone for a path of no route", () => {
    expect(resolve(project, 'shop', 'OPTIONS', '/users/7')).toEqual({
      kind: 'method',
      allow: 'GET, HEAD, DELETE, OPTIONS',
    });
    expect(resolve(project, 'shop', 'OPTIONS', '/nothing')).toEqual({
      kind: 'method',
      allow: 'OPTIONS',
    });
  });

  it('resolves POST /__reset (a trailing slash or a query allowed) to the reset', () => {
    for (const path of ['/__reset', '/__reset/', '/__reset?x=1']) {
      expect(resolve(project, 'shop', 'POST', path)).toEqual({ kind: 'reset' });
    }
    expect(refusal(() => resolve(project, 'shop', 'GET', '/__reset')).statusCode).toBe(404);
  });
});
