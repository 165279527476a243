import type { LoggedCallView } from '@mocksmith/core/inspector';
import {
  type ProjectDetail,
  projectSettingsSchema,
  type RouteView,
} from '@mocksmith/core/projects';

let sequence = 0;

/** A logged call as the server answers it: a GET of /users at 09:30:05 UTC, unless given. */
export function callOf(overrides: Partial<LoggedCallView> = {}): LoggedCallView {
  sequence += 1;
  return {
    id: sequence,
    at: '2026-03-14T09:30:05.000Z',
    method: 'GET',
    path: '/users',
    route: null,
    collection: null,
    query: '',
    headers: { host: 'localhost:3000', accept: 'application/json' },
    body: null,
    bodyTruncated: false,
    status: 200,
    response: 'ok',
    rule: null,
    latencyMs: 12,
    delayMs: 0,
    fault: null,
    upstream: null,
    session: null,
    client: 'Zm9vYmFyYmF6',
    violations: null,
    drift: null,
    ...overrides,
  };
}

/** A project as the server answers it: "Shop" at /p/shop, logging on, no routes unless given. */
export function projectOf(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 'shop-id',
    name: 'Shop',
    slug: 'shop',
    baseUrl: 'http://localhost:3000/p/shop',
    wildcardUrl: null,
    routeCount: overrides.routes?.length ?? 0,
    collectionCount: 0,
    settings: projectSettingsSchema.parse({}),
    createdAt: '2026-03-14T09:00:00.000Z',
    updatedAt: '2026-03-14T09:00:00.000Z',
    routes: [],
    ...overrides,
  };
}

/** A route of the shop as the server answers it: GET /users/{id}, answering `ok`, unless given. */
export function routeOf(overrides: Partial<RouteView> = {}): RouteView {
  return {
    id: 'route-users',
    requestId: 'req0000000000001',
    method: 'GET',
    path: '/users/{id}',
    name: '',
    url: 'http://localhost:3000/p/shop/users/{id}',
    responses: [
      {
        name: 'ok',
        status: 200,
        template: '{"id":"uuid"}',
        headers: [],
        delay: 0,
        default: true,
        when: null,
      },
    ],
    responseMode: 'default',
    authToken: null,
    callCount: 0,
    importKey: null,
    rules: [],
    network: null,
    overrides: true,
    createdAt: '2026-03-14T09:00:00.000Z',
    updatedAt: '2026-03-14T09:00:00.000Z',
    ...overrides,
  };
}
