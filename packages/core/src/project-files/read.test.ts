import { describe, expect, it } from 'vitest';
import { formatFileProblem, type ReadOptions, readProjectFiles } from './read.ts';

const PROJECT = 'name: Shop\nslug: shop\nseed: 7\n';

const USERS_ROUTE = `method: get
path: /users/{id}
rules:
  - conditions:
      - { source: param, name: id, operator: equals, value: "0" }
    response: missing
responses:
  - name: ok
    status: 200
    headers: [{ name: X-Trace, value: abc }]
    template:
      id: "{{request.params.id}}"
      name: fullName
  - name: missing
    status: 404
    template: { error: not found }
`;

const ORDERS = `name: orders
template:
  id: uuid
  total: price
count: 5
authToken: { env: ORDERS_TOKEN }
`;

/** The directory of these tests with `changes` (a text, or undefined to leave a file out). */
function directory(changes: Record<string, string | undefined> = {}): Map<string, string> {
  const files: Record<string, string | undefined> = {
    'mocksmith.yaml': PROJECT,
    'routes/users.yaml': USERS_ROUTE,
    'collections/orders.yaml': ORDERS,
    ...changes,
  };
  return new Map(
    Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The problems of reading `files`, which must fail. */
function problemsOf(files: Map<string, string>, options?: ReadOptions) {
  const result = readProjectFiles(files, options);
  if (result.ok) throw new Error('the files were read without a problem');
  return result.problems;
}

describe('readProjectFiles', () => {
  it('reads a valid directory into its bundle, with the defaults of what the files leave out', () => {
    const result = readProjectFiles(directory());
    expect(result).toMatchObject({ ok: true, warnings: [] });
    if (!result.ok) return;
    expect(result.value.project).toEqual({
      name: 'Shop',
      slug: 'shop',
      seed: 7,
      settings: {
        overrides: true,
        network: null,
        replay: false,
        logging: true,
        authToken: null,
        validation: 'off',
      },
    });
    const [route] = result.value.routes;
    expect(route).toMatchObject({
      method: 'GET',
      path: '/users/{id}',
      mode: 'default',
      overrides: true,
      network: null,
      authToken: null,
      rules: [{ combine: 'all', response: 'missing' }],
    });
    expect(route?.responses).toEqual([
      {
        name: 'ok',
        status: 200,
        template: JSON.stringify({ id: '{{request.params.id}}', name: 'fullName' }, null, 2),
        headers: [{ name: 'X-Trace', value: 'abc' }],
        delay: 0,
        isDefault: true,
        when: null,
      },
      {
        name: 'missing',
        status: 404,
        template: JSON.stringify({ error: 'not found' }, null, 2),
        headers: [],
        delay: 0,
        isDefault: false,
        when: null,
      },
    ]);
    expect(result.value.collections).toEqual([
      {
        name: 'orders',
        path: '/orders',
        template: { id: 'uuid', total: 'price' },
        count: 5,
        unknownFields: 'refuse',
        cascade: false,
        authToken: { env: 'ORDERS_TOKEN' },
      },
    ]);
  });

  it('reads JSON files as it reads YAML, and ignores $schema', () => {
    const result = readProjectFiles(
      new Map([
        [
          'mocksmith.json',
          JSON.stringify({ $schema: '.mocksmith/project.schema.json', name: 'Shop', slug: 'shop' }),
        ],
        [
          'routes/health.json',
          JSON.stringify({
            $schema: '../.mocksmith/route.schema.json',
            method: 'GET',
            path: '/health',
            responses: [{ name: 'up', template: { status: 'up' } }],
          }),
        ],
      ]),
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        project: { name: 'Shop', slug: 'shop', seed: 0 },
        routes: [{ method: 'GET', path: '/health', responses: [{ name: 'up', isDefault: true }] }],
        collections: [],
      },
    });
  });

  it("tells a JSON file's problem at the line of its key", () => {
    const route = JSON.stringify(
      { method: 'GET', path: '/b', responses: [{ name: 'ok', status: 700, template: {} }] },
      null,
      2,
    );
    expect(problemsOf(directory({ 'routes/b.json': route }))).toEqual([
      {
        file: 'routes/b.json',
        line: 7,
        message: 'responses[0].status: status must be between 200 and 599',
      },
    ]);
  });

  it('reads .yml files and route files in folders of routes/', () => {
    const result = readProjectFiles(
      directory({
        'routes/users.yaml': undefined,
        'routes/users/by-id.yml': USERS_ROUTE,
        'mocksmith.yaml': undefined,
        './mocksmith.yml': PROJECT,
      }),
    );
    expect(result).toMatchObject({ ok: true, value: { routes: [{ path: '/users/{id}' }] } });
  });

  it('marks the response that says default: true as the default', () => {
    const route = USERS_ROUTE.replace('    status: 404\n', '    status: 404\n    default: true\n');
    const result = readProjectFiles(directory({ 'routes/users.yaml': route }));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.value.routes[0]?.responses.map((response) => response.isDefault)).toEqual([
      false,
      true,
    ]);
  });

  it('says a file does not parse, at the line of the fault', () => {
    expect(problemsOf(directory({ 'routes/users.yaml': 'method: GET\npath: [/users\n' }))).toEqual([
      expect.objectContaining({ file: 'routes/users.yaml', line: expect.any(Number) }),
    ]);
    const [problem] = problemsOf(
      directory({ 'routes/users.json': '{\n  "method": "GET",\n  "path": "/a",,\n}' }),
    );
    expect(problem).toMatchObject({ file: 'routes/users.json', line: 3 });
  });

  it('refuses YAML in a .json file', () => {
    const [problem] = problemsOf(
      directory({ 'routes/users.json': '# a comment\n{ "method": "GET" }\n' }),
    );
    expect(problem?.file).toBe('routes/users.json');
    expect(problem?.message).toMatch(/^This \.json file is not JSON/);
  });

  it("tells a field's problem at the line of its key, in the management API's words", () => {
    const route = USERS_ROUTE.replace('status: 404', 'status: 99');
    expect(problemsOf(directory({ 'routes/users.yaml': route }))).toEqual([
      {
        file: 'routes/users.yaml',
        line: 15,
        message: 'responses[1].status: status must be between 200 and 599',
      },
    ]);
  });

  it('refuses a spec outside the directory, at its line', () => {
    for (const spec of ['../openapi.yaml', '/etc/openapi.yaml', 'specs/../../x.yaml']) {
      expect(problemsOf(directory({ 'mocksmith.yaml': `${PROJECT}spec: ${spec}\n` }))).toEqual([
        {
          file: 'mocksmith.yaml',
          line: 4,
          message:
            'spec: spec must be the path of an OpenAPI file inside the directory, relative to it (such as openapi.yaml)',
        },
      ]);
    }
  });

  it('refuses keys the format does not know (a misspelt option)', () => {
    const [problem] = problemsOf(
      directory({ 'routes/users.yaml': `${USERS_ROUTE}overide: false\n` }),
    );
    expect(problem).toMatchObject({ file: 'routes/users.yaml', line: 1 });
    expect(problem?.message).toContain('overide');
  });

  it('refuses a token written in a file, asking for an environment variable', () => {
    const token = `mck_${'a'.repeat(32)}`;
    const [problem] = problemsOf(
      directory({ 'collections/orders.yaml': ORDERS.replace('{ env: ORDERS_TOKEN }', token) }),
    );
    expect(problem).toEqual({
      file: 'collections/orders.yaml',
      line: 6,
      message:
        'authToken: authToken names the environment variable that holds the token ({ env: NAME }), never the token itself',
    });
  });

  it("tells a template's problem at the line of the value in the template", () => {
    const route = USERS_ROUTE.replace('name: fullName', 'name: { __multiply: nope }');
    const problems = problemsOf(directory({ 'routes/users.yaml': route }));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ file: 'routes/users.yaml', line: 13 });
    expect(problems[0]?.message).toMatch(/^responses\[0\]\.template\.name/);
  });

  it("refuses a template that is not an object or a list, as the API's save does", () => {
    const route = USERS_ROUTE.replace('template: { error: not found }', 'template: 42');
    const [problem] = problemsOf(directory({ 'routes/users.yaml': route }));
    expect(problem).toMatchObject({ file: 'routes/users.yaml', line: 16 });
    expect(problem?.message).toMatch(/^responses\[1\]\.template: /);
  });

  it('refuses .inf and .nan in a template, which JSON cannot hold', () => {
    const route = USERS_ROUTE.replace('name: fullName', 'name: .inf');
    expect(problemsOf(directory({ 'routes/users.yaml': route }))).toEqual([
      {
        file: 'routes/users.yaml',
        line: 13,
        message:
          'responses[0].template.name: a number JSON cannot write (.inf or .nan): templates are JSON values',
      },
    ]);
  });

  it('refuses a rule that picks no response of its route', () => {
    const route = USERS_ROUTE.replace('response: missing', 'response: gone');
    const [problem] = problemsOf(directory({ 'routes/users.yaml': route }));
    expect(problem).toMatchObject({ file: 'routes/users.yaml', line: 6 });
    expect(problem?.message).toContain('"gone", which is not a response of this route');
  });

  it('refuses two routes of one method and path, at the later file', () => {
    const twin = USERS_ROUTE.replace('/users/{id}', '/users/{userId}').replace(
      'name: id,',
      'name: userId,',
    );
    expect(problemsOf(directory({ 'routes/users-again.yaml': twin }))).toEqual([
      {
        file: 'routes/users.yaml',
        line: 2,
        message:
          'GET /users/{id} is also the route of routes/users-again.yaml: a project holds one route per method and path',
      },
    ]);
  });

  it('refuses two collections of one name or one path', () => {
    const problems = problemsOf(
      directory({
        'collections/orders-2.yaml': ORDERS,
        'collections/sales.yaml': `${ORDERS.replace('orders', 'sales')}path: /orders\n`,
      }),
    );
    expect(problems).toEqual([
      {
        file: 'collections/orders.yaml',
        line: 1,
        message: 'This project already has a collection named "orders" (collections/orders-2.yaml)',
      },
      {
        file: 'collections/orders.yaml',
        line: 1,
        message: 'This project already has a collection at /orders (collections/orders-2.yaml)',
      },
      {
        file: 'collections/sales.yaml',
        line: 7,
        message: 'This project already has a collection at /orders (collections/orders-2.yaml)',
      },
    ]);
  });

  it("refuses a route where a collection answers, at the route's path", () => {
    const route =
      'method: DELETE\npath: /orders/{id}\nresponses:\n  - name: ok\n    template: {}\n';
    expect(problemsOf(directory({ 'routes/orders.yaml': route }))).toEqual([
      {
        file: 'routes/orders.yaml',
        line: 2,
        message:
          'DELETE /orders/{id} is answered by the collection "orders" at /orders (collections/orders.yaml): move or delete the route',
      },
    ]);
  });

  it('says the project file is missing, and refuses two of them', () => {
    expect(problemsOf(directory({ 'mocksmith.yaml': undefined }))).toEqual([
      expect.objectContaining({
        file: 'mocksmith.yaml',
        message: expect.stringMatching(/missing/),
      }),
    ]);
    const two = problemsOf(directory({ 'mocksmith.json': '{"name":"Shop","slug":"shop"}' }));
    expect(two.map((problem) => problem.file)).toEqual(['mocksmith.yaml', 'mocksmith.json']);
  });

  it('says an empty file is empty', () => {
    expect(problemsOf(directory({ 'routes/users.yaml': '# nothing yet\n' }))).toEqual([
      { file: 'routes/users.yaml', line: 1, message: 'The file is empty' },
    ]);
  });

  it('ignores other files in routes/ with a warning, and files elsewhere quietly', () => {
    const result = readProjectFiles(
      directory({
        'routes/users.yaml.bak': 'anything',
        'routes/.DS_Store': 'anything',
        'README.md': '# Shop',
        '.mocksmith/route.schema.json': '{}',
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      warnings: [
        {
          file: 'routes/users.yaml.bak',
          message: 'Ignored: only .yaml, .yml and .json files are read in routes/ and collections/',
        },
      ],
    });
  });

  it('reports every problem of every file at once', () => {
    const problems = problemsOf(
      directory({
        'mocksmith.yaml': 'name: ""\nslug: Not A Slug\n',
        'routes/users.yaml': USERS_ROUTE.replace('status: 404', 'status: 99'),
      }),
    );
    expect(problems.map((problem) => `${problem.file}:${problem.line}`)).toEqual([
      'mocksmith.yaml:1',
      'mocksmith.yaml:2',
      'routes/users.yaml:15',
    ]);
  });

  it('formats a problem as a terminal line, file:line: reason', () => {
    expect(formatFileProblem({ file: 'routes/a.yaml', line: 3, message: 'path is required' })).toBe(
      'routes/a.yaml:3: path is required',
    );
    expect(formatFileProblem({ file: 'mocksmith.yaml', message: 'missing' })).toBe(
      'mocksmith.yaml: missing',
    );
  });

  it('refuses a key written twice, and a file of several documents', () => {
    const [twice] = problemsOf(directory({ 'routes/users.yaml': `${USERS_ROUTE}method: POST\n` }));
    expect(twice).toMatchObject({ file: 'routes/users.yaml', line: 17 });
    expect(twice?.message).toMatch(/unique/);
    const [several] = problemsOf(
      directory({ 'routes/users.yaml': `${USERS_ROUTE}---\n${USERS_ROUTE}` }),
    );
    expect(several?.file).toBe('routes/users.yaml');
  });

  it("checks templates against the answer size limit it is given (the server's configured one)", () => {
    expect(readProjectFiles(directory(), { maxResponseBytes: 1_000_000 }).ok).toBe(true);
    const [problem] = problemsOf(directory(), { maxResponseBytes: 20 });
    expect(problem).toMatchObject({ file: 'routes/users.yaml', line: 11 });
    expect(problem?.message).toMatch(/^responses\[0\]\.template: /);
  });
});
