/**
 * The spec's check of a call (validate.ts) through the flow (handle.ts), on in-memory ports: off
 * answers as usual, report answers as usual with X-Mock-Violations and keeps the words for the
 * log, enforce refuses with a problem (400, 401, 422). No database, no HTTP.
 */
import { requestContractOf } from '@mocksmith/core/openapi';
import { describe, expect, it } from 'vitest';
import { type MockCall, newCall, type SentAnswer } from './call.ts';
import { type CompiledRoute, compileRoute } from './compile.ts';
import { createEngine } from './engine.ts';
import type { HandledCollection, HandledProject } from './handle.ts';
import { createMemoryLimits } from './memory-limits.ts';
import type { ValidationMode } from './validate.ts';

type Project = HandledProject;
type Call = MockCall<
  CompiledRoute,
  CompiledRoute['responses'][number],
  Project,
  HandledCollection<Project>
>;

const document = {
  openapi: '3.0.3',
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
};
const contract = requestContractOf(
  document,
  '3.0',
  {
    security: [{ bearer: [] }],
    requestBody: {
      content: {
        'application/json': {
          schema: { type: 'object', properties: { qty: { type: 'integer' } } },
        },
      },
    },
  },
  [{ in: 'query', name: 'count', schema: { type: 'integer' } }],
);

const route = compileRoute(
  {
    id: 'r1',
    requestId: 'req1',
    method: 'POST',
    path: '/orders',
    responses: [
      { name: 'ok', status: 201, template: '{"ok":true}', headers: [], delay: 0, isDefault: true },
    ],
    mode: 'default',
    rules: [],
    network: null,
    overrides: true,
    authToken: null,
    request: JSON.parse(JSON.stringify(contract)),
  },
  { projectId: 'p1', projectSlug: 'shop', ownerId: 'o1', stopped: null },
) as CompiledRoute;

const engine = createEngine({ limits: createMemoryLimits() });
const handle = engine.handler<
  CompiledRoute,
  CompiledRoute['responses'][number],
  Project,
  HandledCollection<Project>,
  null
>({
  wait: async () => {},
  ownerOfKey: () => null,
  pageUrl: (url) => url,
  projectUrl: (slug) => `/p/${slug}`,
  requestPath: (url) => url,
});

function answer(
  validation: ValidationMode,
  {
    query = {},
    headers = {},
    body,
  }: { query?: Record<string, string>; headers?: Record<string, string>; body?: unknown },
): { sent: SentAnswer; call: Call } {
  const call: Call = newCall('POST', '/p/shop/orders', query, headers, '10.0.0.1');
  call.route = route;
  call.params = {};
  call.body = body;
  call.project = {
    id: 'p1',
    slug: 'shop',
    ownerId: 'o1',
    seed: 1,
    collections: [],
    settings: { validation },
  };
  return { sent: handle(call, null) as SentAnswer, call };
}

const signed = { authorization: 'Bearer t' };
const jsonBody = (body: unknown) => ({
  ...signed,
  'content-type': 'application/json',
  'content-length': String(JSON.stringify(body).length),
});

describe('validate', () => {
  it('off: a call that breaks the spec is answered as usual, with nothing kept', () => {
    const { sent, call } = answer('off', { query: { count: 'ten' } });
    expect(sent.status).toBe(201);
    expect(call.violations).toBeNull();
  });

  it('report: answered as usual, X-Mock-Violations counts, the words are kept for the log', () => {
    const { sent, call } = answer('report', { query: { count: 'ten' }, headers: signed });
    expect(sent.status).toBe(201);
    expect(sent.payload).toBe('{"ok":true}');
    expect(sent.headers).toContainEqual(['x-mock-violations', '1']);
    expect(call.violations).toEqual(['query.count: must be an integer, got "ten"']);
  });

  it('report: a call that keeps the spec carries no count', () => {
    const { sent } = answer('report', { query: { count: '5' }, headers: signed });
    expect(sent.headers.some(([name]) => name === 'x-mock-violations')).toBe(false);
  });

  it('enforce: a bad query is refused with 400 and a problem listing the words', () => {
    const { sent } = answer('enforce', { query: { count: 'ten' }, headers: signed });
    expect(sent.status).toBe(400);
    expect(sent.headers).toContainEqual(['content-type', 'application/problem+json']);
    expect(JSON.parse(sent.payload as string)).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: "The request breaks the API's OpenAPI description (1 violation)",
      violations: ['query.count: must be an integer, got "ten"'],
    });
  });

  it('enforce: a missing credential is 401 with its challenge', () => {
    const { sent } = answer('enforce', {});
    expect(sent.status).toBe(401);
    expect(sent.headers).toContainEqual(['www-authenticate', 'Bearer realm="mocksmith"']);
  });

  it('enforce: a well-formed body that breaks its schema is 422', () => {
    const { sent } = answer('enforce', { headers: jsonBody({}), body: { qty: 'two' } });
    expect(sent.status).toBe(422);
    expect(JSON.parse(sent.payload as string).violations).toEqual([
      'body.qty: must be an integer, got "two"',
    ]);
  });
});
