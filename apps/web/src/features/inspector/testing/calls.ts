import type { LoggedRequestView } from '@mocksmith/core/inspector';

let sequence = 0;

/** A logged call as the server answers it: a GET of /users at 09:30:05 UTC, unless given. */
export function callOf(overrides: Partial<LoggedRequestView> = {}): LoggedRequestView {
  sequence += 1;
  return {
    id: sequence,
    at: '2026-03-14T09:30:05.000Z',
    method: 'GET',
    path: '/users',
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
    session: null,
    client: 'Zm9vYmFyYmF6',
    ...overrides,
  };
}
