import { describe, expect, it } from 'vitest';
import { planRecordedCalls } from './recording.ts';

const NOW = Date.parse('2026-11-29T12:00:00Z');

describe('planRecordedCalls', () => {
  const planned = planRecordedCalls(
    [
      {
        method: 'GET',
        path: '/users/42',
        status: 200,
        body: { id: 42, name: 'Ann Smith', email: 'ann.smith@example.com' },
      },
      {
        method: 'GET',
        path: '/users/17',
        status: 200,
        body: { id: 17, name: 'Bob Jones', email: 'bob.jones@example.com' },
      },
      { method: 'GET', path: '/users/99', status: 404, body: { message: 'No such user' } },
      { method: 'OPTIONS', path: '/users/42', status: 204, body: null },
    ],
    NOW,
  );

  it('merges calls by method and path template, as the HAR import does', () => {
    expect(planned.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /users/{userId}',
    ]);
  });

  it('makes each status a named response whose template is typed, and keeps the bodies as examples', () => {
    const [route] = planned;
    const names = route?.responses.map((response) => `${response.name} ${response.status}`);
    expect(names).toEqual(['ok 200', 'ok-1 200', 'ok-2 200', 'not-found 404', 'not-found-1 404']);
    const typed = route?.responses[0]?.template ?? '';
    // Nothing of the upstream's people in the typed template: types in their place.
    for (const personal of ['Ann', 'Smith', 'Bob', 'ann.smith@example.com']) {
      expect(typed).not.toContain(personal);
    }
    expect(JSON.parse(route?.responses[1]?.template ?? '{}')).toEqual({
      id: 42,
      name: 'Ann Smith',
      email: 'ann.smith@example.com',
    });
  });
});
