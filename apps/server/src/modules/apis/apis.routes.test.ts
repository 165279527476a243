import { MAX_TEMPLATE_BYTES, messages } from '@mocksmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, pathOf, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Nested one level per step: {"a":{"a":...}}. */
function nested(depth: number): unknown {
  let value: unknown = 'string';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('POST /backend/apitemplate/preview', () => {
  it('generates a body of the template’s shape', async () => {
    const res = await post('/backend/apitemplate/preview', {
      template: {
        name: 'string',
        age: 'number',
        email: 'email',
        id: 'uuid',
        tags: [{ __multiply: '3-3', label: 'lorem' }],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['name', 'age', 'email', 'id', 'tags']);
    expect(typeof body.age).toBe('number');
    expect(body.email).toMatch(/@/);
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(body.tags).toHaveLength(3);
  });

  it('refuses a non-basic type with the demo text', async () => {
    const res = await post('/backend/apitemplate/preview', {
      template: { user: { name: 'string.name.fullname' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: 'DEMO_TYPE_NOT_ALLOWED',
      message: messages.demoTypeNotAllowed,
      details: { issues: [{ path: '$.user.name' }] },
    });
  });

  it('refuses a missing template', async () => {
    const res = await post('/backend/apitemplate/preview', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('template: template is required');
  });

  it('refuses a template that is not an object or array', async () => {
    const res = await post('/backend/apitemplate/preview', { template: 'string' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TEMPLATE_NOT_CONTAINER');
  });

  it('refuses "__multiply": "1-1000000" naming the bound', async () => {
    const res = await post('/backend/apitemplate/preview', {
      template: { items: [{ __multiply: '1-1000000', id: 'uuid' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'MULTIPLY_RANGE',
      message:
        '$.items[0].__multiply: __multiply range "1-1000000" is out of bounds: it needs 0 <= min <= max <= 1000',
    });
  });

  it('refuses a template nested deeper than 32 levels', async () => {
    const res = await post('/backend/apitemplate/preview', { template: nested(40) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TEMPLATE_TOO_DEEP');
  });

  it.each([5_000, 20_000])(
    'refuses a template nested %i levels deep with a 400 naming the depth, not a stack overflow',
    async (depth) => {
      // Written as text: past MAX_JSON_DEPTH, the body parser refuses it before it is parsed.
      const body = `{"template":${'{"a":'.repeat(depth)}"string"${'}'.repeat(depth)}}`;
      const res = await post('/backend/apitemplate/preview', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BODY_TOO_DEEP');
    },
  );

  it('refuses a template over 256 KiB, naming the limit', async () => {
    const big = { text: 'x'.repeat(MAX_TEMPLATE_BYTES) };
    const res = await post('/backend/apitemplate/preview', { template: big });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TEMPLATE_TOO_LARGE');
    expect(res.json().message).toMatch(/the limit is 256 KiB/);
  });

  it('refuses a body over the request limit with 413', async () => {
    const res = await post('/backend/apitemplate/preview', {
      template: { text: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large');
  });

  it('refuses a malformed JSON body, naming it', async () => {
    const res = await post('/backend/apitemplate/preview', '{"template": {');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The request body is not valid JSON/);
  });

  it.each([
    ['{"template": {"__proto__": {"x": "string"}}}', 'a "__proto__" key'],
    ['{"template": {"\\u005f_proto__": {"x": "string"}}}', 'a "__proto__" key'],
    ['{"template": {"constructor": {"prototype": {"x": 1}}}}', 'a "constructor" key holding'],
  ])('refuses valid JSON with a prototype key, naming the key: %s', async (body, named) => {
    const res = await post('/backend/apitemplate/preview', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_BODY');
    expect(res.json().message).toContain(`The request body has ${named}`);
    expect(res.json().message).toMatch(/not allowed$/);
  });

  it('refuses an empty JSON body with 400', async () => {
    const res = await post('/backend/apitemplate/preview', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The request body is not valid JSON/);
  });

  it('refuses another content type with 415', async () => {
    const res = await post('/backend/apitemplate/preview', 'template=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(
      /^Unsupported content type: send the body as application\/json/,
    );
  });
});

describe('POST /backend/crud (anonymous creation)', () => {
  it('creates an API and answers its link, which serves the template’s shape', async () => {
    const template = JSON.stringify({
      id: 'uuid',
      orders: [{ __multiply: '2-2', total: 'number', paid: 'boolean' }],
    });
    const res = await post('/backend/crud', { template, requestEnum: 'GET' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.requestId).toMatch(/^[0-9a-z]{16}$/);
    expect(created.link).toBe(`http://mocksmith.test/backend/apitemplate/get/${created.requestId}`);

    const served = await t.app.inject(pathOf(created.link));
    expect(served.statusCode).toBe(200);
    const body = served.json();
    expect(body.orders).toHaveLength(2);
    expect(typeof body.orders[0].total).toBe('number');
    expect(typeof body.orders[0].paid).toBe('boolean');
  });

  it('answers a link of the chosen method, which other methods get 405 on', async () => {
    const res = await post('/backend/crud', { template: '{"ok":"boolean"}', requestEnum: 'POST' });
    const { link } = res.json();
    expect(link).toMatch(/\/backend\/apitemplate\/post\/[0-9a-z]{16}$/);
    expect((await t.app.inject({ method: 'POST', url: pathOf(link) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: pathOf(link) })).statusCode).toBe(405);
  });

  it('takes a custom endpoint, normalised', async () => {
    const res = await post('/backend/crud', {
      template: '{"ok":"boolean"}',
      customEndpoint: 'users/list/',
    });
    const { link } = res.json();
    expect(link).toMatch(/\/backend\/apitemplate\/get\/[0-9a-z]{16}\/users\/list$/);
    expect((await t.app.inject(pathOf(link))).statusCode).toBe(200);
  });

  it.each(['../etc/passwd', '/users/../admin', '/a b', '/%2e%2e/x'])(
    'refuses the custom endpoint %s',
    async (customEndpoint) => {
      const res = await post('/backend/crud', { template: '{"ok":"boolean"}', customEndpoint });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        /^customEndpoint: Custom endpoint must be slash-separated segments/,
      );
    },
  );

  it('refuses invalid template JSON with the spec’s text', async () => {
    const res = await post('/backend/crud', { template: '{"name": "string",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON', message: 'Invalid JSON format' });
  });

  it('refuses a non-basic type with the demo text', async () => {
    const res = await post('/backend/crud', { template: '{"price":"number.money.price"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.demoTypeNotAllowed);
  });

  it('refuses an unknown method, naming the field', async () => {
    const res = await post('/backend/crud', { template: '{}', requestEnum: 'PATCH' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^requestEnum: /);
  });

  it('refuses a body without a template', async () => {
    const res = await post('/backend/crud', { requestEnum: 'GET' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('template: template is required and must be JSON text');
  });

  it('refuses a body that is not an object', async () => {
    const res = await post('/backend/crud', '[1,2]');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body must be a JSON object');
  });

  it('ignores the account-only options of an anonymous API', async () => {
    const res = await post('/backend/crud', {
      template: '{"ok":"boolean"}',
      option: { delay: 5000, authToken: null, httpCode: 500 },
    });
    const served = await t.app.inject(pathOf(res.json().link));
    expect(served.statusCode).toBe(200);
  });

  it('keeps serving after every bad input', async () => {
    expect((await t.app.inject('/backend/health')).json()).toMatchObject({ status: 'ok' });
  });
});

describe('anonymous creation rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ CREATE_RATE_LIMIT: '2', CREATE_RATE_WINDOW_S: '600' });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the limit, per client', async () => {
    const create = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/backend/crud',
        payload: { template: '{"ok":"boolean"}' },
        remoteAddress: ip,
      });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await create('10.1.0.1')).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    const over = await create('10.1.0.1');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Rate limit exceeded: at most 2 requests per 10 minutes/);
    expect((await create('10.1.0.2')).statusCode).toBe(201);
  });
});

describe('GET /backend/types', () => {
  it('lists the whole catalogue with the basic types', async () => {
    const res = await t.app.inject('/backend/types');
    const types = res.json() as { name: string; category: string }[];
    expect(types.length).toBeGreaterThan(250);
    expect(types.find((type) => type.name === 'uuid')?.category).toBe('basic');
    expect(types.find((type) => type.name === 'string.name.fullname')).toMatchObject({
      kind: 'string',
      category: 'name',
    });
  });
});
