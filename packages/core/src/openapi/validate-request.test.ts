import { describe, expect, it } from 'vitest';
import { requestContractOf } from './request-contract.ts';
import { type CheckedRequest, compileRequestCheck } from './validate-request.ts';

const document = {
  openapi: '3.0.3',
  components: {
    securitySchemes: {
      api_key: { type: 'apiKey', in: 'header', name: 'api_key' },
      bearer: { type: 'http', scheme: 'bearer' },
    },
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', minLength: 1 },
          status: { type: 'string', enum: ['available', 'sold'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

const operation = {
  security: [{ api_key: [] }, { bearer: [] }],
  requestBody: {
    required: true,
    content: { 'application/json': { schema: document.components.schemas.Pet } },
  },
};

const parameters = [
  { in: 'path', name: 'id', schema: { type: 'integer' } },
  { in: 'query', name: 'limit', required: true, schema: { type: 'integer', maximum: 100 } },
  {
    in: 'query',
    name: 'ids',
    schema: { type: 'array', items: { type: 'integer' } },
    explode: false,
  },
  { in: 'query', name: 'tag', schema: { type: 'array', items: { type: 'string' } } },
  { in: 'query', name: 'since', schema: { type: 'string', format: 'date' } },
  { in: 'query', name: 'sort', schema: { type: 'string', enum: ['asc', 'desc'] } },
  { in: 'header', name: 'X-Trace', schema: { type: 'string', pattern: '^[a-f0-9]{8}$' } },
];

const check = compileRequestCheck(requestContractOf(document, '3.0', operation, parameters));

const json = (body: unknown, headers: Record<string, string> = {}): CheckedRequest['headers'] => ({
  'content-type': 'application/json',
  'content-length': String(JSON.stringify(body).length),
  api_key: 'k',
  ...headers,
});

function call(parts: Partial<CheckedRequest> & { bodyJson?: unknown }): string[] {
  const body = parts.bodyJson ?? { name: 'Rex' };
  return check({
    params: 'params' in parts ? (parts.params ?? null) : { id: '7' },
    query: parts.query ?? { limit: '10' },
    headers: parts.headers ?? json(body),
    body: 'body' in parts ? parts.body : body,
  }).map((v) => v.text);
}

describe('compileRequestCheck', () => {
  it('finds nothing wrong with a request that keeps the contract', () => {
    expect(
      call({
        query: { limit: '10', ids: '1,2,3', tag: ['a', 'b'], since: '2026-11-29', sort: 'asc' },
      }),
    ).toEqual([]);
  });

  it('says a query parameter of the wrong type in words, with the value sent', () => {
    expect(call({ query: { limit: 'ten' } })).toEqual([
      'query.limit: must be an integer, got "ten"',
    ]);
  });

  it('names a missing required query parameter', () => {
    expect(call({ query: {} })).toEqual(['query.limit: is required']);
  });

  it('checks bounds, formats, enums, patterns and the items of a comma-separated list', () => {
    expect(
      call({
        query: { limit: '500', ids: '1,x', since: 'yesterday', sort: 'up' },
        headers: { ...json({ name: 'Rex' }), 'x-trace': 'XYZ' },
      }),
    ).toEqual([
      'query.limit: must be <= 100, got 500',
      'query.ids[1]: must be an integer, got "x"',
      'query.since: must be a valid date, got "yesterday"',
      'query.sort: must be one of "asc", "desc", got "up"',
      'header.X-Trace: must match the pattern ^[a-f0-9]{8}$, got "XYZ"',
    ]);
  });

  it('masks what was sent under a secret’s name, as the inspector masks it', () => {
    const secretive = compileRequestCheck(
      requestContractOf(document, '3.0', {}, [
        { in: 'header', name: 'X-Api-Key', schema: { type: 'string', pattern: '^k_' } },
      ]),
    );
    expect(
      secretive({
        params: {},
        query: {},
        headers: { 'x-api-key': 'sk_live_abcdef1234' },
        body: undefined,
      }).map((v) => v.text),
    ).toEqual(['header.X-Api-Key: must match the pattern ^k_, got ••••1234']);
  });

  it('checks path parameters as strings coerced to their type', () => {
    expect(call({ params: { id: 'abc' } })).toEqual(['path.id: must be an integer, got "abc"']);
    expect(call({ params: { id: 42 } })).toEqual([]);
    // Called at its stand-alone URL, the route matched no path: its parameters go unchecked.
    expect(call({ params: null })).toEqual([]);
    // A route whose parameter was renamed since the import: not the caller's fault.
    expect(call({ params: { petId: '7' } })).toEqual([]);
  });

  it('asks for one of the security alternatives, as a credential violation', () => {
    const { api_key: _key, ...headers } = json({ name: 'Rex' });
    const violations = check({
      params: { id: '1' },
      query: { limit: '1' },
      headers,
      body: { name: 'Rex' },
    });
    expect(violations).toEqual([
      {
        kind: 'credential',
        text: 'security: a credential is required: send the api_key header, or an Authorization: Bearer header',
      },
    ]);
    expect(call({ headers: { ...headers, authorization: 'Bearer abc' } })).toEqual([]);
    expect(call({ headers: { ...headers, authorization: 'Basic abc' } })).toHaveLength(1);
  });

  it('checks the body against its schema as a body violation (readOnly not required)', () => {
    const body = { name: '', status: 'lost', tags: [1] };
    const violations = check({
      params: { id: '1' },
      query: { limit: '1' },
      headers: json(body),
      body,
    });
    expect(violations.map((v) => v.kind)).toEqual(['body', 'body', 'body']);
    expect(violations.map((v) => v.text)).toEqual([
      'body.name: must NOT have fewer than 1 characters, got ""',
      'body.status: must be one of "available", "sold", got "lost"',
      'body.tags[0]: must be a string, got 1',
    ]);
  });

  it('refuses a missing body, a wrong media type and JSON that did not parse as request violations', () => {
    expect(call({ headers: { api_key: 'k' }, body: undefined })).toEqual(['body: is required']);
    expect(
      call({ headers: { ...json({}), 'content-type': 'text/plain' }, body: undefined }),
    ).toEqual(['body: Content-Type text/plain is not accepted; send one of application/json']);
    expect(call({ headers: json({}), body: null })).toEqual(['body: is not well-formed JSON']);
  });

  it('names a missing required property of the body', () => {
    expect(call({ bodyJson: { status: 'sold' } })).toEqual(['body.name: is required']);
  });

  it('reads a Swagger 2.0 operation: typed parameters, body parameter, basic security', () => {
    const v2 = {
      swagger: '2.0',
      securityDefinitions: { basic: { type: 'basic' } },
      security: [{ basic: [] }],
    };
    const contract = requestContractOf(v2, '2.0', {}, [
      { in: 'query', name: 'page', type: 'integer', required: true },
      { in: 'body', name: 'body', required: true, schema: { type: 'object', required: ['a'] } },
    ]);
    const v2check = compileRequestCheck(contract);
    expect(
      v2check({
        params: {},
        query: { page: 'one' },
        headers: { 'content-type': 'application/json', 'content-length': '2' },
        body: {},
      }).map((v) => v.text),
    ).toEqual([
      'query.page: must be an integer, got "one"',
      'security: a credential is required: send an Authorization: Basic header',
      'body.a: is required',
    ]);
  });

  it('keeps a circular schema compilable (a cycle becomes a reference)', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).child = node;
    const contract = requestContractOf(
      {},
      '3.0',
      {
        requestBody: { content: { 'application/json': { schema: node } } },
      },
      [],
    );
    expect(() => JSON.stringify(contract)).not.toThrow();
    const cyclic = compileRequestCheck(JSON.parse(JSON.stringify(contract)));
    const body = { child: { child: { child: 5 } } };
    expect(cyclic({ params: {}, query: {}, headers: json(body), body }).map((v) => v.text)).toEqual(
      ['body.child.child.child: must be an object, got 5'],
    );
  });
});
