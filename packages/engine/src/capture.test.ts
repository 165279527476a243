/** The capture step: what the log gets of a call, read off the MockCall alone. */
import { describe, expect, it } from 'vitest';
import { newCall } from './call.ts';
import {
  type CapturableCollection,
  type CapturableProject,
  type CapturableRoute,
  capture,
} from './capture.ts';

type Project = CapturableProject;
type Call = ReturnType<
  typeof newCall<CapturableRoute, { name: string }, Project, CapturableCollection<Project>>
>;

const route: CapturableRoute = {
  id: 'api-1',
  projectId: 'p-1',
  ownerId: 'u-1',
  routeName: 'GET /users/{id}',
};
const project: Project = { id: 'p-1', settings: {} };

function callTo(url: string): Call {
  return newCall('GET', url, { __session: 's1' }, { 'x-one': '1' }, '10.0.0.1');
}

describe('capture', () => {
  it("captures a project's call once, its response and rule as the answer named them", () => {
    const call = callTo('/p/shop/users/%C3%A9');
    call.project = project;
    call.route = route;
    call.chosen = { response: { name: 'café' }, status: 200, rule: 1, ruleName: 'vip' };
    call.delay = 120;
    const captured = capture(
      call,
      200,
      { elapsedTime: 130 },
      () => 7,
      () => 10_000,
    );
    expect(captured).toMatchObject({
      projectId: 'p-1',
      apiId: null,
      at: 9_870,
      method: 'GET',
      pathAt: 7,
      route: 'GET /users/{id}',
      response: 'caf%C3%A9',
      rule: 2,
      delayMs: 120,
      latencyMs: 130,
      session: 's1',
      client: '10.0.0.1',
      stored: true,
    });
    expect(
      capture(
        call,
        200,
        { elapsedTime: 130 },
        () => 7,
        () => 10_000,
      ),
    ).toBeNull();
  });

  it("captures an owned stand-alone API's call with its whole URL, and no one's API's not at all", () => {
    const owned = callTo('/api/abc');
    owned.route = { ...route, projectId: null, routeName: null };
    expect(capture(owned, 200, { elapsedTime: 1 }, () => 7)).toMatchObject({
      apiId: 'api-1',
      projectId: null,
      pathAt: 0,
    });
    const anonymous = callTo('/api/abc');
    anonymous.route = { ...route, projectId: null, ownerId: null };
    expect(capture(anonymous, 200, { elapsedTime: 1 }, () => 7)).toBeNull();
  });

  it("names a collection's call by its place, and keeps a project's calls unstored when logging is off", () => {
    const call = callTo('/p/shop/users/1/orders');
    call.method = 'HEAD';
    call.collection = {
      project: { id: 'p-1', settings: { logging: false } },
      collection: { name: 'orders', path: '/orders' },
      recordId: null,
      parent: { collection: { path: '/users' } },
    };
    call.fault = 'reset';
    expect(capture(call, 0, { elapsedTime: 1 }, () => 7)).toMatchObject({
      route: 'GET /users/{id}/orders',
      collection: 'orders',
      fault: 'reset',
      stored: false,
    });
  });
});
