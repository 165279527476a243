/**
 * The flow of a resolved call (handle.ts) on in-memory ports, as the command-line runner will
 * run it: a plain answer, a chosen response's headers, a profile's faults, a delay through the
 * wait port, a large answer through its port, and a collection on the memory store. No database,
 * no HTTP.
 */
import { AppError, compileTemplate } from '@mocksmith/core';
import type { CollectionDefinition } from '@mocksmith/core/collections';
import { faultBody, type NetworkProfile } from '@mocksmith/core/network';
import { compileRules, type RouteRule } from '@mocksmith/core/projects';
import { describe, expect, it } from 'vitest';
import { type Answer, type MockCall, newCall, type SentAnswer } from './call.ts';
import { createMemoryCollectionStore } from './collections/memory-store.ts';
import { createCollectionOperations } from './collections/operations.ts';
import { sessionOf } from './collections/session-name.ts';
import { createEngine } from './engine.ts';
import type { HandledCollection, HandledProject, HandledResponse, HandledRoute } from './handle.ts';
import type { CollectionAnswerer, ConsumerLimits, HostPorts, LargeAnswers } from './ports.ts';

type Route = HandledRoute<HandledResponse>;
type Target = HandledCollection<HandledProject>;
type Call = MockCall<Route, HandledResponse, HandledProject, Target>;

function response(
  name: string,
  template: unknown,
  { status = 200, headers = [], delay = 0, isDefault = false } = {} as {
    status?: number;
    headers?: [string, string][];
    delay?: number;
    isDefault?: boolean;
  },
): HandledResponse {
  const compiled = compileTemplate(template, { mode: 'full' });
  if (!compiled.ok) throw new Error('bad template');
  return {
    name,
    status,
    httpCode: status,
    isDefault,
    delay,
    headerList: headers,
    compiled: compiled.value,
    staticBody: compiled.value.isStatic ? JSON.stringify(compiled.value.generate()) : null,
  };
}

function routeOf(
  responses: HandledResponse[],
  { rules, network = null }: { rules?: RouteRule[]; network?: NetworkProfile | null } = {},
): Route {
  const main = responses.find((one) => one.isDefault) ?? (responses[0] as HandledResponse);
  return {
    id: 'route-1',
    ownerId: 'owner-1',
    routeName: 'GET /route-1',
    responses,
    responseMode: 'default',
    rules: rules ? compileRules(rules, responses) : null,
    overrides: true,
    network,
    byDefault: { response: main, status: main.httpCode, rule: null },
  };
}

const users: CollectionDefinition = {
  id: 'c-users',
  name: 'users',
  path: '/users',
  template: { id: 'number', name: 'string.name.fullname' },
  count: 5,
  unknownFields: 'refuse',
  cascade: true,
  seedVersion: 0,
  version: 1,
};

const project = (settings: HandledProject['settings'] = {}): HandledProject => ({
  id: 'p1',
  slug: 'shop',
  ownerId: 'owner-1',
  seed: 7,
  collections: [users],
  settings,
});

const limits: ConsumerLimits = {
  take: async (_scope, _consumer, limit) => ({
    allowed: true,
    limit,
    remaining: limit - 1,
    resetS: 1,
  }),
  nextCall: async () => 0,
  resetCalls: async () => {},
};

/** The flow on in-memory ports; what went through the wait and large-answer ports. */
function handlerOf({
  large,
  collections,
}: {
  large?: LargeAnswers<string, HandledResponse>;
  collections?: CollectionAnswerer;
} = {}) {
  const waits: number[] = [];
  const ports: HostPorts<string, HandledResponse> = {
    wait: async (_client, delay) => {
      waits.push(delay);
    },
    large,
    ownerOfKey: () => null,
    pageUrl: (url) => `http://mocks.test${url.split('?')[0]}`,
    projectUrl: (slug) => `http://mocks.test/p/${slug}`,
    requestPath: (url) => url.slice('/p/shop'.length),
  };
  const engine = createEngine({ limits, collections });
  const handle = engine.handler<Route, HandledResponse, HandledProject, Target, string>(ports);
  return { handle, waits };
}

/** A call of a project's route (or of a stand-alone API, without `inProject`). */
function callOf(
  route: Route,
  {
    url = '/p/shop/users/1',
    query = {},
    headers = {},
    inProject = project(),
  }: {
    url?: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    inProject?: HandledProject | null;
  } = {},
): Call {
  const call: Call = newCall('GET', url, query, headers, '10.0.0.1');
  call.route = route;
  call.project = inProject;
  call.params = { id: '1' };
  return call;
}

const sent = (answer: Answer): SentAnswer => {
  if (answer.kind !== 'send') throw new Error(`not sent: ${answer.kind}`);
  return answer;
};

describe('handle', () => {
  it('answers a plain call synchronously, with the API’s own headers as they are, counted', () => {
    const { handle, waits } = handlerOf();
    const route = routeOf([response('default', { hello: 'world' }, { headers: [['x-one', '1']] })]);
    const call = callOf(route, { url: '/api/abc', inProject: null });
    const answer = handle(call, 'host');
    expect(answer).not.toBeInstanceOf(Promise);
    expect(answer).toEqual({
      kind: 'send',
      status: 200,
      headers: [['x-one', '1']],
      payload: '{"hello":"world"}',
      counted: 'route-1',
    });
    // Nothing to add: the response's own list, not a copy of it.
    expect(sent(answer as Answer).headers).toBe(route.responses[0]?.headerList);
    expect(call.chosen?.response.name).toBe('default');
    expect(waits).toEqual([]);
  });

  it('names the response and the rule that picked it, before the API’s own headers', () => {
    const { handle } = handlerOf();
    const route = routeOf(
      [
        response('ok', { id: 1 }, { isDefault: true }),
        response(
          'missing',
          { message: 'no such user' },
          { status: 404, headers: [['x-own', 'y']] },
        ),
      ],
      {
        rules: [
          {
            name: 'unknown user',
            combine: 'all',
            conditions: [{ source: 'query', name: 'id', operator: 'equals', value: '0' }],
            response: 'missing',
          },
        ],
      },
    );
    const answer = sent(handle(callOf(route, { query: { id: '0' } }), 'host') as Answer);
    expect(answer.status).toBe(404);
    expect(answer.headers).toEqual([
      ['x-mock-response', 'missing'],
      ['x-mock-rule', 'unknown user'],
      ['x-own', 'y'],
    ]);
    // A status no response has: its generic body, naming no response; still the API's call.
    const generic = sent(handle(callOf(route, { query: { __status: '503' } }), 'host') as Answer);
    expect(generic).toEqual({
      kind: 'send',
      status: 503,
      headers: [],
      payload: '{"statusCode":503,"message":"Service Unavailable"}',
      counted: 'route-1',
    });
  });

  it('gives a refusal past the choice the headers the answer had been given', () => {
    const { handle } = handlerOf();
    const route = routeOf([response('ok', [{ id: 'uuid' }])]);
    const call = callOf(route, { query: { page: 'abc' } });
    expect(() => handle(call, 'host')).toThrow(AppError);
    expect(call.answerHeaders).toEqual([['x-mock-response', 'ok']]);
  });

  it('closes the connection for a profile’s reset, and answers its status fault uncounted', async () => {
    const { handle } = handlerOf();
    const reset: NetworkProfile = {
      latency: { kind: 'none' },
      fault: { percent: 100, kind: 'reset' },
      rateLimit: null,
    };
    const closing = callOf(routeOf([response('ok', { id: 1 })], { network: reset }));
    expect(await handle(closing, 'host')).toEqual({ kind: 'close', how: 'reset' });
    expect(closing.fault).toBe('reset');

    const failing: NetworkProfile = {
      latency: { kind: 'none' },
      fault: { percent: 100, kind: 'status', status: 502 },
      rateLimit: { limit: 10, per: 'second' },
    };
    const call = callOf(routeOf([response('ok', { id: 1 })], { network: failing }));
    expect(await handle(call, 'host')).toEqual({
      kind: 'send',
      status: 502,
      headers: [
        ['x-mock-response', 'ok'],
        ['RateLimit-Limit', '10'],
        ['RateLimit-Remaining', '9'],
        ['RateLimit-Reset', '1'],
        ['x-mock-fault', '502'],
      ],
      payload: faultBody(502),
      counted: null,
    });
    expect(call.fault).toBe('502');
  });

  it('waits a response’s delay, and a delay asked for, through the wait port', async () => {
    const { handle, waits } = handlerOf();
    const route = routeOf([response('ok', { id: 1 }, { delay: 250 })]);
    const delayed = handle(callOf(route), 'host');
    expect(delayed).toBeInstanceOf(Promise);
    expect(sent(await delayed).payload).toBe('{"id":1}');
    const asked = callOf(route, { query: { __delay: '40' } });
    expect(sent(await handle(asked, 'host')).status).toBe(200);
    expect(waits).toEqual([250, 40]);
    expect(asked.delay).toBe(40);
  });

  it('makes a large answer through its port, after its delay, its list headers first', async () => {
    const asked: unknown[] = [];
    const large: LargeAnswers<string, HandledResponse> = {
      bytes: 1,
      render: async (host, route, _response, query, pageUrl) => {
        asked.push({ host, route: route.id, query, pageUrl });
        return { headers: [['X-Total-Count', '3']], body: Buffer.from('[1,2,3]') };
      },
    };
    const { handle, waits } = handlerOf({ large });
    const route = routeOf([
      response('ok', [{ id: 'uuid' }], { delay: 100, headers: [['x-own', 'y']] }),
    ]);
    const answer = sent(await handle(callOf(route, { url: '/p/shop/users?page=1' }), 'reply-1'));
    expect(waits).toEqual([100]);
    expect(asked).toEqual([
      {
        host: 'reply-1',
        route: 'route-1',
        query: {},
        pageUrl: 'http://mocks.test/p/shop/users',
      },
    ]);
    expect(answer).toEqual({
      kind: 'send',
      status: 200,
      headers: [
        ['x-mock-response', 'ok'],
        ['X-Total-Count', '3'],
        ['x-own', 'y'],
      ],
      payload: Buffer.from('[1,2,3]'),
      counted: 'route-1',
    });
  });

  it('answers a collection on the memory store, an asked status, and a reset', async () => {
    const operations = createCollectionOperations({
      store: createMemoryCollectionStore(),
      maxResponseBytes: 1_000_000,
      maxOwnerBytes: 1_000_000,
    });
    const collections: CollectionAnswerer = {
      sessionOf,
      answer: (call) => operations.answer(call),
      reset: (owner, session) => operations.reset(owner, session),
    };
    const { handle } = handlerOf({ collections });
    const shop = project();
    const collectionCall = (
      method: string,
      collection: CollectionDefinition | null,
      query: Record<string, string> = {},
    ): Call => {
      const call: Call = newCall(method, '/p/shop/users', query, {}, '10.0.0.1');
      call.collection = {
        project: shop,
        collection,
        recordId: null,
        access: { kind: 'owner' },
        parent: null,
      };
      return call;
    };
    const listed = sent(await handle(collectionCall('GET', users), 'host'));
    expect(listed.status).toBe(200);
    expect(listed.counted).toBeNull();
    expect(listed.headers).toContainEqual(['X-Total-Count', '5']);
    expect(JSON.parse(String(listed.payload))).toHaveLength(5);

    const added = collectionCall('POST', users);
    added.body = { name: 'Ada Lovelace' };
    expect(sent(await handle(added, 'host')).status).toBe(201);
    const longer = sent(await handle(collectionCall('GET', users), 'host'));
    expect(JSON.parse(String(longer.payload))).toHaveLength(6);

    // A status the operation would not answer: that status, its generic body, nothing read.
    expect(await handle(collectionCall('GET', users, { __status: '404' }), 'host')).toEqual({
      kind: 'send',
      status: 404,
      headers: [],
      payload: '{"statusCode":404,"message":"Not Found"}',
      counted: null,
    });
    // HEAD answers the list's headers without its body.
    const head = sent(await handle(collectionCall('HEAD', users), 'host'));
    expect(head.payload).toBeUndefined();
    expect(head.headers).toContainEqual(['X-Total-Count', '6']);

    expect(await handle(collectionCall('POST', null), 'host')).toMatchObject({
      kind: 'send',
      status: 204,
      payload: undefined,
    });
    const again = sent(await handle(collectionCall('GET', users), 'host'));
    expect(JSON.parse(String(again.payload))).toHaveLength(5);
  });

  it('answers 404 for a collection where no collections are served', async () => {
    const { handle } = handlerOf();
    const call: Call = newCall('GET', '/p/shop/users', {}, {}, '10.0.0.1');
    call.collection = {
      project: project(),
      collection: users,
      recordId: null,
      access: { kind: 'anyone' },
      parent: null,
    };
    await expect(handle(call, 'host')).rejects.toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
