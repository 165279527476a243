import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../json.ts';
import { MAX_RESPONSE_BYTES } from '../limits.ts';
import { serialisedBytes } from '../testing/bytes.ts';
import { type CompileOptions, compileTemplate, ResponseTooLargeError } from './compile.ts';
import { MAX_REQUEST_METHOD_BYTES, MAX_REQUEST_VALUE_BYTES } from './references.ts';
import { EMPTY_REQUEST, MAX_REQUEST_BODY_BYTES, type RequestContext } from './request.ts';
import { analyseTemplate, validateTemplate } from './validate.ts';

function compile(template: unknown, options: CompileOptions = {}) {
  const result = compileTemplate(template, options);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

/** A request as the server builds it, from the parts a test names. */
function request(parts: Partial<RequestContext>): RequestContext {
  return { ...EMPTY_REQUEST, ...parts };
}

/** What `{ value: text }` gives for `req`. */
function answer(text: string, req: RequestContext = EMPTY_REQUEST): JsonValue | undefined {
  return (compile({ value: text }).generate({ request: req }) as JsonObject).value;
}

const FORMS =
  'Use {{request.params.NAME}}, {{request.query.NAME}}, {{request.headers.NAME}}, {{request.body}}, {{request.body.PATH}}, {{request.method}}, {{request.path}}, or {"__literal": "..."} for the text itself';

const order = {
  id: 7,
  paid: true,
  customer: { name: 'Ada', tags: ['vip', 'early'] },
  lines: [
    { sku: 'A-1', qty: 2 },
    { sku: 'B-2', qty: 1 },
  ],
  note: null,
};

describe('request references: a whole value keeps its type', () => {
  it('gives the body, and each value in it, with its JSON type', () => {
    const req = request({ body: order });
    expect(answer('{{request.body}}', req)).toEqual(order);
    expect(answer('{{request.body.id}}', req)).toBe(7);
    expect(answer('{{request.body.paid}}', req)).toBe(true);
    expect(answer('{{request.body.customer}}', req)).toEqual(order.customer);
    expect(answer('{{request.body.customer.tags}}', req)).toEqual(['vip', 'early']);
    expect(answer('{{request.body.customer.tags.1}}', req)).toBe('early');
    expect(answer('{{request.body.lines.0.sku}}', req)).toBe('A-1');
    expect(answer('{{request.body.note}}', req)).toBeNull();
    expect(answer('{{request.body}}', request({ body: 12.5 }))).toBe(12.5);
  });

  it('gives query values, headers, the method and the path as text', () => {
    const req = request({
      query: { page: '2' },
      headers: { 'x-tenant': 'acme' },
      method: 'POST',
      path: '/users/42',
    });
    expect(answer('{{request.query.page}}', req)).toBe('2');
    expect(answer('{{request.headers.x-tenant}}', req)).toBe('acme');
    expect(answer('{{request.method}}', req)).toBe('POST');
    expect(answer('{{request.path}}', req)).toBe('/users/42');
  });

  it('reads names in quotes: keys with brackets, spaces or dots', () => {
    const req = request({
      query: { 'filter[status]': 'open' },
      body: { 'first name': 'Ada', 'a.b': 1 },
    });
    expect(answer("{{request.query['filter[status]']}}", req)).toBe('open');
    expect(answer("{{request.body['first name']}}", req)).toBe('Ada');
    expect(answer("{{request.body['a.b']}}", req)).toBe(1);
  });

  it('allows white space inside the braces', () => {
    const req = request({ params: { id: 42 } });
    expect(answer('{{ request.params.id }}', req)).toBe(42);
    expect(answer('{{\trequest.params.id\n}}', req)).toBe(42);
  });
});

describe('request references: missing values', () => {
  it('give null as a whole value', () => {
    const req = request({ body: order, query: { page: '2' } });
    for (const text of [
      '{{request.params.id}}',
      '{{request.query.sort}}',
      '{{request.headers.x-tenant}}',
      '{{request.body.customer.email}}',
      '{{request.body.lines.5.sku}}',
      '{{request.body.id.value}}',
      '{{request.body.lines.01}}',
      '{{request.body.lines.length}}',
    ]) {
      expect(answer(text, req), text).toBeNull();
    }
  });

  it("never read what the request's objects inherit", () => {
    const req = request({ body: order, query: { page: '2' } });
    expect(answer('{{request.body.constructor}}', req)).toBeNull();
    expect(answer('{{request.body.customer.__proto__}}', req)).toBeNull();
    expect(answer('{{request.query.toString}}', req)).toBeNull();
    expect(answer('{{request.params.hasOwnProperty}}', req)).toBeNull();
  });

  it('read the empty request when none is given: the stand-alone URLs and plain previews', () => {
    const compiled = compile({
      id: '{{request.params.id}}',
      hello: 'Hello {{request.body.name}}!',
    });
    expect(compiled.generate()).toEqual({ id: null, hello: 'Hello !' });
    expect(compiled.generate({ seed: 1 })).toEqual({ id: null, hello: 'Hello !' });
  });

  it('read a key that is a whole number as an index in arrays only, as a key in objects', () => {
    const req = request({ body: { byCode: { '0': 'zero' }, list: ['first'] } });
    expect(answer('{{request.body.byCode.0}}', req)).toBe('zero');
    expect(answer('{{request.body.list.0}}', req)).toBe('first');
  });
});

describe('request references inside text', () => {
  const req = request({
    params: { id: 42 },
    body: {
      name: 'Ada',
      age: 36,
      admin: false,
      tags: ['a', 'b'],
      address: { city: 'Paris' },
      none: null,
    },
    headers: { 'x-tenant': 'acme' },
  });

  it.each([
    ['Hello {{request.body.name}}', 'Hello Ada'],
    ['Age: {{request.body.age}}', 'Age: 36'],
    ['admin={{request.body.admin}}', 'admin=false'],
    ['tags {{request.body.tags}}', 'tags ["a","b"]'],
    ['at {{request.body.address}}', 'at {"city":"Paris"}'],
    ['[{{request.body.none}}]', '[]'],
    ['[{{request.body.missing}}]', '[]'],
    ['/users/{{request.params.id}}/orders', '/users/42/orders'],
    ['{{request.headers.x-tenant}}:{{request.params.id}}', 'acme:42'],
    [' {{request.params.id}}', ' 42'],
  ])('writes %j as %j', (text, expected) => {
    expect(answer(text, req)).toBe(expected);
  });

  it('keeps every other {{ as text', () => {
    const compiled = compile({
      a: '{{name}}',
      b: '{{requestId}}',
      c: '{{ requests.params.id }}',
      d: '{{{request.params.id}}}',
    });
    expect(compiled.generate({ request: req })).toEqual({
      a: '{{name}}',
      b: '{{requestId}}',
      c: '{{ requests.params.id }}',
      d: '{42}',
    });
  });

  it('keeps a __literal as text, and never reads object keys', () => {
    const compiled = compile({
      literal: { __literal: '{{request.params.id}}' },
      '{{request.params.id}}': 'key',
    });
    expect(compiled.readsRequest).toBe(false);
    expect(compiled.isStatic).toBe(true);
    expect(compiled.generate({ request: req })).toEqual({
      literal: '{{request.params.id}}',
      '{{request.params.id}}': 'key',
    });
  });
});

describe('request references: query and headers', () => {
  it('read the first value of a repeated query key, and the others by index', () => {
    const req = request({ query: { tag: ['red', 'blue'], page: '3' } });
    expect(answer('{{request.query.tag}}', req)).toBe('red');
    expect(answer('{{request.query.tag.0}}', req)).toBe('red');
    expect(answer('{{request.query.tag.1}}', req)).toBe('blue');
    expect(answer('{{request.query.tag.2}}', req)).toBeNull();
    expect(answer('{{request.query.page.0}}', req)).toBe('3');
    expect(answer('{{request.query.page.1}}', req)).toBeNull();
    expect(answer('tags: {{request.query.tag}}, {{request.query.tag.1}}', req)).toBe(
      'tags: red, blue',
    );
  });

  it('read headers whatever the case of the name written, a repeated one joined by ", "', () => {
    const req = request({
      headers: { 'x-tenant': 'acme', accept: ['text/html', 'application/json'] },
    });
    expect(answer('{{request.headers.X-Tenant}}', req)).toBe('acme');
    expect(answer("{{request.headers['X-TENANT']}}", req)).toBe('acme');
    expect(answer('{{request.headers.accept}}', req)).toBe('text/html, application/json');
    expect(answer('{{request.headers.authorization}}', req)).toBeNull();
  });
});

describe('request references: validation', () => {
  it.each([
    ['{{request.cookies.x}}', 'the request has no part "cookies"'],
    ['{{request}}', 'it names the whole request; name one part of it'],
    ['{{ request }}', 'it names the whole request; name one part of it'],
    ['{{ request.params. }}', 'a name must follow the "." after request.params'],
    ['{{request.}}', 'a name must follow the "." after request'],
    ['{{request.params}}', 'request.params needs a name after it, such as request.params.id'],
    [
      '{{request.headers}}',
      'request.headers needs a name after it, such as request.headers.x-tenant',
    ],
    ['{{request.query}}', 'request.query needs a name after it, such as request.query.page'],
    ['{{request.params.id.x}}', 'nothing can follow request.params.id'],
    ['{{request.headers.a.b}}', 'nothing can follow request.headers.a'],
    ['{{request.method.x}}', 'nothing can follow request.method'],
    [
      '{{request.query.tag.x}}',
      'only the index of a repeated key can follow request.query.tag, such as request.query.tag.1',
    ],
    ['{{request.query.tag.1.x}}', 'nothing can follow request.query.tag.1'],
    ['{{request.params.id x}}', 'expected }} after request.params.id, found "x"'],
    ["{{request.body['name}}", "a ['...'] name has no closing ']"],
  ])('refuses %s, naming what is wrong and the forms allowed', (text, problem) => {
    expect(validateTemplate({ user: { id: text } })).toEqual([
      {
        code: 'REQUEST_REFERENCE_INVALID',
        message: `${text} is not a request reference: ${problem}. ${FORMS}`,
        path: '$.user.id',
      },
    ]);
  });

  it('refuses a reference without its closing braces, and names it inside longer text', () => {
    expect(validateTemplate(['Hello {{request.body.name']).map((i) => i.message)).toEqual([
      `{{request.body.name is not a request reference: it has no closing }}. ${FORMS}`,
    ]);
    expect(validateTemplate(['Hi {{request.body.name}}, {{request.bdy.x}} and more'])).toEqual([
      {
        code: 'REQUEST_REFERENCE_INVALID',
        message: `{{request.bdy.x}} is not a request reference: the request has no part "bdy". ${FORMS}`,
        path: '$[0]',
      },
    ]);
  });

  it('checks references inside __oneOf choices, and refuses them in the demo as any other text', () => {
    expect(validateTemplate({ a: { __oneOf: ['{{request.param.id}}', 1] } })[0]?.path).toBe(
      '$.a.__oneOf[0]',
    );
    expect(validateTemplate({ a: '{{request.params.id}}' }, { mode: 'demo' })[0]?.code).toBe(
      'DEMO_TYPE_NOT_ALLOWED',
    );
  });
});

describe('request references: compiled once', () => {
  it('leave a template without references static, not reading the request', () => {
    const compiled = compile({ name: 'Ada', list: [1, '{{name}}'] });
    expect(compiled.isStatic).toBe(true);
    expect(compiled.readsRequest).toBe(false);
    expect(compile({ id: 'uuid' }).readsRequest).toBe(false);
  });

  it('make a template that reads the request neither static nor the same for every request', () => {
    const compiled = compile({ id: '{{request.params.id}}' });
    expect(compiled.isStatic).toBe(false);
    expect(compiled.readsRequest).toBe(true);
    expect(compiled.generate({ request: request({ params: { id: 1 } }) })).toEqual({ id: 1 });
    expect(compiled.generate({ request: request({ params: { id: 2 } }) })).toEqual({ id: 2 });
    expect(compile({ a: { __oneOf: ['Hi {{request.method}}', 'x'] } }).readsRequest).toBe(true);
  });

  it('say whether one reads the body', () => {
    expect(compile({ id: '{{request.params.id}}' }).readsBody).toBe(false);
    expect(compile({ name: '{{request.body.name}}' }).readsBody).toBe(true);
    expect(compile({ a: ['x {{request.method}} {{request.body}}'] }).readsBody).toBe(true);
    expect(compile({ __literal: '{{request.body}}' }).readsBody).toBe(false);
  });

  it('multiply with the rest of the template', () => {
    const compiled = compile({
      items: [{ __multiply: '3-3', tenant: '{{request.headers.x-tenant}}', id: 'uuid' }],
    });
    const body = compiled.generate({ request: request({ headers: { 'x-tenant': 'acme' } }) }) as {
      items: JsonObject[];
    };
    expect(body.items.map((item) => item.tenant)).toEqual(['acme', 'acme', 'acme']);
  });

  it('give the same bytes for the same seed and request, and draw as a template without them', () => {
    const template = {
      users: [
        {
          __multiply: '2-5',
          id: 'uuid',
          name: 'string.name.fullname',
          page: '{{request.query.page}}',
        },
      ],
      echo: '{{request.body}}',
      greeting: 'Hello {{request.body.name}}',
    };
    const req = request({ query: { page: '4' }, body: { name: 'Ada' } });
    const compiled = compile(template);
    const first = JSON.stringify(compiled.generate({ seed: 'abc', request: req }));
    expect(
      JSON.stringify(
        compile(template).generate({ seed: 'abc', request: JSON.parse(JSON.stringify(req)) }),
      ),
    ).toBe(first);
    const drawn = compile({
      users: [{ __multiply: '2-5', id: 'uuid', name: 'string.name.fullname' }],
    });
    const withoutReferences = drawn.generate({ seed: 'abc' }) as { users: JsonObject[] };
    const body = JSON.parse(first) as { users: JsonObject[]; echo: JsonValue; greeting: string };
    expect(body.users.map(({ id, name }) => ({ id, name }))).toEqual(withoutReferences.users);
    expect(body.echo).toEqual({ name: 'Ada' });
    expect(body.greeting).toBe('Hello Ada');
  });
});

describe('request references: size', () => {
  it('count each reference at its bound in the worst case', () => {
    // {"a":…}: braces, the key and its colon, and the value at its bound.
    expect(analyseTemplate({ a: '{{request.params.id}}' }).maxBytes).toBe(
      6 + MAX_REQUEST_VALUE_BYTES,
    );
    expect(analyseTemplate({ a: '{{request.body.x}}' }).maxBytes).toBe(6 + MAX_REQUEST_BODY_BYTES);
    expect(analyseTemplate({ a: '{{request.method}}' }).maxBytes).toBe(
      6 + MAX_REQUEST_METHOD_BYTES,
    );
    // "id=" and "/" around two references.
    expect(analyseTemplate({ a: 'id={{request.params.id}}/{{request.method}}' }).maxBytes).toBe(
      6 + 2 + 4 + MAX_REQUEST_VALUE_BYTES + MAX_REQUEST_METHOD_BYTES,
    );
    expect(analyseTemplate({ a: '{{request.params.id}}' }).maxValues).toBe(2);
  });

  it('refuses at save a template whose echoes of the body could pass the answer limit', () => {
    const template = { copies: [{ __multiply: '1000-1000', echo: '{{request.body}}' }] };
    const result = compileTemplate(template);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        code: 'TEMPLATE_RESPONSE_TOO_LARGE',
        message:
          'Template could generate answers of up to 62.6 MiB; the limit is 10 MiB per answer. Lower the __multiply upper bounds or shorten long literals',
        path: '$',
      },
    ]);
    expect(
      compileTemplate({ copies: [{ __multiply: '100-100', echo: '{{request.body}}' }] }).ok,
    ).toBe(true);
    expect(MAX_RESPONSE_BYTES).toBe(10 * 1024 * 1024);
  });

  it('reads a value past its bound as missing, so that no answer passes its worst case', () => {
    const big = Array.from({ length: 4000 }, () => 1e20); // 16 KB of text, 88 KB as JSON again
    const req = request({
      body: { big },
      headers: { cookie: 'c'.repeat(MAX_REQUEST_VALUE_BYTES + 1) },
    });
    expect(answer('{{request.body.big}}', req)).toBeNull();
    expect(answer('[{{request.body.big}}]', req)).toBe('[]');
    expect(answer('{{request.headers.cookie}}', req)).toBeNull();
    const quotes = request({ body: { text: '"'.repeat(MAX_REQUEST_BODY_BYTES / 2) } });
    // Exactly at the bound inside text (each quote escaped), past it as a whole value.
    expect(answer('<{{request.body.text}}>', quotes)).toBe(
      `<${'"'.repeat(MAX_REQUEST_BODY_BYTES / 2)}>`,
    );
    expect(answer('{{request.body.text}}', quotes)).toBeNull();
  });

  it('counts the bytes of references in a stored template over the limit, and stops past it', () => {
    const compiled = compile({ echo: '{{request.body}}' }, { stored: true, maxResponseBytes: 100 });
    expect(compiled.generate({ request: request({ body: { short: true } }) })).toEqual({
      echo: { short: true },
    });
    expect(() =>
      compiled.generate({ request: request({ body: { long: 'x'.repeat(200) } }) }),
    ).toThrow(ResponseTooLargeError);
  });

  it('never gives a body larger than the worst case, whatever the request', () => {
    const reference = fc.constantFrom(
      '{{request.params.id}}',
      '{{request.query.q}}',
      '{{request.query.q.1}}',
      '{{request.headers.h}}',
      '{{request.body}}',
      '{{request.body.a}}',
      '{{request.body.a.0}}',
      '{{request.method}}',
      '{{request.path}}',
    );
    const text = fc
      .array(fc.oneof(reference, fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join(''));
    const anyText = fc.string({ unit: 'binary', maxLength: 20 });
    const req = fc.record({
      params: fc.dictionary(
        fc.constantFrom('id', 'x'),
        fc.oneof(anyText, fc.integer(), fc.boolean()),
      ),
      query: fc.dictionary(fc.constantFrom('q', 'r'), fc.oneof(anyText, fc.array(anyText))),
      headers: fc.dictionary(fc.constantFrom('h', 'k'), fc.oneof(anyText, fc.array(anyText))),
      body: fc.jsonValue({ maxDepth: 3 }),
      method: fc.constantFrom('GET', 'POST'),
      path: anyText,
    });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), req, (texts, r) => {
        const compiled = compile(texts);
        const body = compiled.generate({ request: r as RequestContext });
        expect(serialisedBytes(body)).toBeLessThanOrEqual(compiled.maxBytes);
      }),
      { numRuns: 300 },
    );
  });
});
