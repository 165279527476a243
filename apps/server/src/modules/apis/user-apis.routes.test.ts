/**
 * The signed-in user's APIs end to end over HTTP: create, list, update and delete, with real
 * accounts (signed up through the mailed link), the real database and the public URLs.
 */
import { apiMessages, DELAY_MESSAGE, messages, type UserApi, userApiSchema } from '@mocksmith/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls, USERS_TEMPLATE, updateBody } from '../../../test/user-apis.ts';
import { apis } from '../../db/schema/apis.ts';
import { history } from '../../db/schema/history.ts';

const TOKEN = `mck_${'Zx9_-'.repeat(8)}`;

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof apiCalls>;

interface Account {
  cookie: string;
  userId: string;
  email: string;
}
let ann: Account;
let bob: Account;

let counter = 0;
/** A custom endpoint no other test uses. */
const endpoint = (label: string) => `/${label}-${++counter}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = apiCalls(t.app);
  const steps = accountSteps(t.app, sink);
  const signUp = async (email: string): Promise<Account> => {
    const { cookie, user } = await steps.signUp(email);
    return { cookie, userId: user.userId, email };
  };
  ann = await signUp('ann@example.test');
  bob = await signUp('bob@example.test');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** The user's APIs as the list answers them. */
async function listOf(account: Account): Promise<UserApi[]> {
  const res = await calls.list(account.cookie, account.userId);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/**
 * The account's APIs as a refused call must leave them: their call counts are left out, since
 * calls made by earlier tests are counted in the background and may land meanwhile.
 */
async function apisOf(account: Account): Promise<Omit<UserApi, 'countUsed'>[]> {
  return (await listOf(account)).map(({ countUsed: _countUsed, ...api }) => api);
}

/** Creates an API (201 expected) and answers it as the list shows it. */
async function created(account: Account, body: Record<string, unknown> = {}) {
  const res = await calls.create(account.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  const item = (await listOf(account)).find((api) => api.id === res.json().id);
  if (!item) throw new Error('the created API is not listed');
  return item;
}

/** The history entries of a user straight from the table, to check what a call wrote. */
const historyRows = (account: Account) =>
  t.database.db.select().from(history).where(eq(history.ownerId, account.userId));

describe('POST /backend/crud/user', () => {
  it('creates an API of the full catalogue and answers its id, request id and link', async () => {
    const customEndpoint = endpoint('users');
    const res = await calls.create(ann.cookie, { customEndpoint: customEndpoint.slice(1) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      requestId: expect.stringMatching(/^[0-9a-z]{16}$/),
      link: `http://mocksmith.test/backend/apitemplate/get/${body.requestId}${customEndpoint}`,
    });

    for (const served of [
      await calls.callLink({ link: body.link, requestEnum: 'GET' }),
      await calls.callShort({ requestId: body.requestId, requestEnum: 'GET' }),
    ]) {
      expect(served.statusCode).toBe(200);
      const json = served.json();
      expect(json.name).toMatch(/\S+ \S+/);
      expect(json.orders).toHaveLength(2);
      expect(typeof json.orders[0].total).toBe('number');
    }
  });

  it('stores every field of the payload, as the list shows', async () => {
    const res = await calls.create(ann.cookie, {
      name: '  Shop  ',
      requestEnum: 'POST',
      customEndpoint: endpoint('shop'),
      option: { delay: 0, authToken: TOKEN, httpCode: 201 },
      customHeaders: [{ name: 'X-Shop', value: 'open' }],
      isPublic: true,
      category: 'ecommerce',
      description: '  A shop with its products  ',
      tags: [' shop ', 'products'],
      userId: ann.userId,
    });
    expect(res.statusCode).toBe(201);
    const item = (await listOf(ann)).find((api) => api.id === res.json().id)!;
    expect(item).toEqual({
      id: res.json().id,
      requestId: res.json().requestId,
      userId: ann.userId,
      name: 'Shop',
      description: 'A shop with its products',
      template: expect.any(String),
      requestEnum: 'POST',
      customEndpoint: expect.stringMatching(/^\/shop-\d+$/),
      option: { delay: 0, authToken: TOKEN, httpCode: 201 },
      customHeaders: [{ name: 'X-Shop', value: 'open' }],
      isPublic: true,
      category: 'ecommerce',
      tags: ['shop', 'products'],
      createDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      countUsed: 0,
      link: res.json().link,
    });
  });

  it('gives the public URL the API’s status, delay, custom headers and bearer token', async () => {
    const api = await created(ann, {
      requestEnum: 'PUT',
      customEndpoint: endpoint('secured'),
      option: { delay: 150, authToken: TOKEN, httpCode: 201 },
      customHeaders: [
        { name: 'X-Request-Id', value: 'req-42' },
        { name: 'Cache-Control', value: 'no-cache' },
      ],
    });
    for (const call of [calls.callLink, calls.callShort]) {
      const anonymous = await call(api);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="mocksmith"');
      expect((await call(api, { authorization: `Bearer mck_${'x'.repeat(40)}` })).statusCode).toBe(
        401,
      );

      const started = performance.now();
      const served = await call(api, { authorization: `Bearer ${TOKEN}` });
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      expect(served.statusCode).toBe(201);
      expect(served.headers['x-request-id']).toBe('req-42');
      expect(served.headers['cache-control']).toBe('no-cache');
      expect(served.json().orders).toHaveLength(2);
    }
  });

  it('answers 401 without a session and creates nothing', async () => {
    const res = await calls.create(undefined, { customEndpoint: '/anonymous-try' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    const rows = await t.database.db
      .select()
      .from(apis)
      .where(eq(apis.customEndpoint, '/anonymous-try'));
    expect(rows).toEqual([]);
  });

  it('answers 403 for another user’s userId in the body and creates nothing', async () => {
    const before = await listOf(bob);
    const res = await calls.create(ann.cookie, { userId: bob.userId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: apiMessages.forbidden });
    expect(await listOf(bob)).toEqual(before);
  });

  it('names every problem of a bad body with its text, and writes nothing', async () => {
    const tooManyTags = Array.from({ length: 11 }, (_, i) => `t${i}`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, 'VALIDATION_FAILED', 'API name is required'],
      [{ name: '   ' }, 'VALIDATION_FAILED', 'API name is required'],
      [{ template: '{"name": "string",' }, 'INVALID_JSON', messages.invalidJsonApiPage],
      [
        { template: undefined },
        'VALIDATION_FAILED',
        'template: template is required and must be JSON text',
      ],
      [
        { template: '{"items":[{"__multiply":"1-5000","id":"uuid"}]}' },
        'MULTIPLY_RANGE',
        '$.items[0].__multiply: __multiply range "1-5000" is out of bounds: it needs 0 <= min <= max <= 1000',
      ],
      [{ template: '"uuid"' }, 'TEMPLATE_NOT_CONTAINER', messages.templateNotContainer('"uuid"')],
      [{ option: { delay: 10001 } }, 'VALIDATION_FAILED', `option.delay: ${DELAY_MESSAGE}`],
      [{ option: { delay: -1 } }, 'VALIDATION_FAILED', `option.delay: ${DELAY_MESSAGE}`],
      [
        { option: { httpCode: 302 } },
        'VALIDATION_FAILED',
        'option.httpCode: httpCode must be one of 200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 503',
      ],
      [
        { option: { authToken: 'secret-token' } },
        'VALIDATION_FAILED',
        'option.authToken: authToken must be mck_ followed by at least 32 URL-safe characters',
      ],
      [
        { option: { authToken: `mck_${'a'.repeat(31)}` } },
        'VALIDATION_FAILED',
        'option.authToken: authToken must be mck_ followed by at least 32 URL-safe characters',
      ],
      [
        { customEndpoint: '/users/../admin' },
        'VALIDATION_FAILED',
        'customEndpoint: Custom endpoint must be slash-separated segments of letters, digits, "-", "_", "." or "~" (no "." or ".." segments), with {name} for a segment part that matches any value, such as /users/list or /users/{id}',
      ],
      [
        { customEndpoint: '/a b' },
        'VALIDATION_FAILED',
        'customEndpoint: Custom endpoint must be slash-separated segments of letters, digits, "-", "_", "." or "~" (no "." or ".." segments), with {name} for a segment part that matches any value, such as /users/list or /users/{id}',
      ],
      [
        { requestEnum: 'PATCH' },
        'VALIDATION_FAILED',
        'requestEnum: requestEnum must be one of GET, POST, PUT, DELETE',
      ],
      [
        { isPublic: true, description: 'A long enough text' },
        'VALIDATION_FAILED',
        apiMessages.categoryRequired,
      ],
      [{ isPublic: true, category: 'blog' }, 'VALIDATION_FAILED', apiMessages.descriptionRequired],
      [
        { isPublic: true, category: 'blog', description: 'too short' },
        'VALIDATION_FAILED',
        apiMessages.descriptionRequired,
      ],
      [
        { category: 'games' },
        'VALIDATION_FAILED',
        'category: category must be one of blog, ecommerce, social, analytics, auth, other',
      ],
      [{ tags: tooManyTags }, 'VALIDATION_FAILED', 'tags: At most 10 tags are allowed'],
      [
        { tags: ['x'.repeat(21)] },
        'VALIDATION_FAILED',
        `tags: Tag "${'x'.repeat(21)}" is longer than 20 characters`,
      ],
      [{ tags: ['API', 'api '] }, 'VALIDATION_FAILED', 'tags: Tag "api" is given twice'],
      [
        { customHeaders: [{ name: 'X Bad', value: 'v' }] },
        'VALIDATION_FAILED',
        `customHeaders.0.name: ${apiMessages.headerName('X Bad')}`,
      ],
      [
        { customHeaders: [{ name: 'Set-Cookie', value: 'a=1' }] },
        'VALIDATION_FAILED',
        `customHeaders.0.name: ${apiMessages.headerReserved('Set-Cookie')}`,
      ],
      [
        { customHeaders: [{ name: 'X-Split', value: 'a\r\nSet-Cookie: a=1' }] },
        'VALIDATION_FAILED',
        `customHeaders.0.value: ${apiMessages.headerValue('X-Split')}`,
      ],
      [
        {
          customHeaders: [
            { name: 'X-Twice', value: 'a' },
            { name: 'x-twice', value: 'b' },
          ],
        },
        'VALIDATION_FAILED',
        `customHeaders.1.name: ${apiMessages.duplicateHeader('x-twice')}`,
      ],
    ];
    const apisBefore = await apisOf(ann);
    const historyBefore = await historyRows(ann);
    for (const [body, code, message] of cases) {
      const res = await calls.create(ann.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ statusCode: 400, code, message });
    }
    expect(await apisOf(ann)).toEqual(apisBefore);
    expect(await historyRows(ann)).toHaveLength(historyBefore.length);
  });

  it('writes a CREATE history entry, and a WARN entry for an error status, with the API', async () => {
    const customEndpoint = endpoint('broken');
    const res = await calls.create(bob.cookie, {
      name: 'Broken',
      customEndpoint,
      option: { delay: 0, authToken: null, httpCode: 503 },
    });
    expect(res.statusCode).toBe(201);
    const rows = (await historyRows(bob)).filter((row) => row.apiId === res.json().id);
    expect(rows.map((row) => [row.typeMessage, row.message]).sort()).toEqual([
      ['CREATE', `Created API "Broken" (GET ${customEndpoint})`],
      ['WARN', `API "Broken": ${apiMessages.errorStatusWarning(503)}`],
    ]);
  });
});

describe('custom endpoint uniqueness', () => {
  const taken = {
    statusCode: 409,
    code: 'CUSTOM_ENDPOINT_TAKEN',
    message: 'This custom endpoint is already in use. Please choose a different endpoint.',
  };

  it('answers 409 for the same user, method and endpoint, however it is written', async () => {
    const path = endpoint('dup');
    expect((await calls.create(ann.cookie, { customEndpoint: path })).statusCode).toBe(201);
    const before = await apisOf(ann);
    for (const written of [path, `${path.slice(1)}/`, ` ${path} `]) {
      const again = await calls.create(ann.cookie, { customEndpoint: written, name: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(taken);
    }
    expect(await apisOf(ann)).toEqual(before);
  });

  it('lets another method, another user, and APIs without an endpoint share', async () => {
    const path = endpoint('shared');
    expect((await calls.create(ann.cookie, { customEndpoint: path })).statusCode).toBe(201);
    expect(
      (await calls.create(ann.cookie, { customEndpoint: path, requestEnum: 'POST' })).statusCode,
    ).toBe(201);
    expect((await calls.create(bob.cookie, { customEndpoint: path })).statusCode).toBe(201);
    expect((await calls.create(ann.cookie, { customEndpoint: null })).statusCode).toBe(201);
    expect((await calls.create(ann.cookie, { customEndpoint: '' })).statusCode).toBe(201);
  });

  it('lets exactly one of two concurrent saves of one endpoint win', async () => {
    const path = endpoint('race');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => calls.create(ann.cookie, { customEndpoint: path })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const listed = (await listOf(ann)).filter((api) => api.customEndpoint === path);
    expect(listed).toHaveLength(1);
  });
});

describe('GET /backend/crud/getall/{userId}', () => {
  it('lists the user’s APIs only, newest first, in the shared shape, not cached', async () => {
    const carol = await (async () => {
      const steps = accountSteps(t.app, sink);
      const { cookie, user } = await steps.signUp('carol@example.test');
      return { cookie, userId: user.userId, email: 'carol@example.test' };
    })();
    const empty = await calls.list(carol.cookie, carol.userId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['cache-control']).toBe('no-store');

    for (const name of ['First', 'Second', 'Third']) {
      expect((await calls.create(carol.cookie, { name })).statusCode).toBe(201);
    }
    const listed = await listOf(carol);
    expect(listed.map((api) => api.name)).toEqual(['Third', 'Second', 'First']);
    for (const api of listed) {
      expect(userApiSchema.strict().parse(api)).toEqual(api);
      expect(api.link).toBe(`http://mocksmith.test/backend/apitemplate/get/${api.requestId}`);
    }
  });

  it('counts the calls of the public URL', async () => {
    const api = await created(ann, { customEndpoint: endpoint('counted') });
    for (let i = 0; i < 3; i++) expect((await calls.callShort(api)).statusCode).toBe(200);
    await expect
      .poll(async () => (await listOf(ann)).find((item) => item.id === api.id)?.countUsed, {
        timeout: 5000,
      })
      .toBe(3);
  });

  it('answers 403 for another user’s id and 401 without a session', async () => {
    await created(ann);
    const other = await calls.list(bob.cookie, ann.userId);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: apiMessages.forbidden,
    });
    expect((await calls.list(undefined, ann.userId)).statusCode).toBe(401);
  });
});

describe('PUT /backend/template', () => {
  it('answers the updated API, and every public URL serves the new shape at once', async () => {
    const api = await created(ann, {
      template: '{"old":"boolean"}',
      customEndpoint: endpoint('shape'),
    });
    // Served once by each form, so the old shape is in the cache.
    expect(Object.keys((await calls.callLink(api)).json())).toEqual(['old']);
    expect(Object.keys((await calls.callShort(api)).json())).toEqual(['old']);

    const res = await calls.update(
      ann.cookie,
      updateBody(api, {
        name: 'Renamed',
        template: '{"fresh":"uuid","price":"number.money.price"}',
      }),
    );
    expect(res.statusCode).toBe(200);
    const updated = res.json() as UserApi;
    expect(updated).toEqual({
      ...api,
      name: 'Renamed',
      template: '{"fresh":"uuid","price":"number.money.price"}',
      countUsed: expect.any(Number),
    });
    expect(apiMessages.updated).toBe('Template updated successfully');

    for (const served of [await calls.callLink(api), await calls.callShort(api)]) {
      expect(served.statusCode).toBe(200);
      expect(Object.keys(served.json())).toEqual(['fresh', 'price']);
    }
    expect((await listOf(ann)).find((item) => item.id === api.id)).toMatchObject({
      name: 'Renamed',
    });
  });

  it('moves the API to its new method and endpoint, with a new link', async () => {
    const api = await created(ann, { customEndpoint: endpoint('move') });
    expect((await calls.callLink(api)).statusCode).toBe(200);
    const target = endpoint('moved');
    const res = await calls.update(
      ann.cookie,
      updateBody(api, { requestEnum: 'DELETE', customEndpoint: target }),
    );
    expect(res.statusCode).toBe(200);
    const moved = res.json() as UserApi;
    expect(moved.link).toBe(
      `http://mocksmith.test/backend/apitemplate/delete/${api.requestId}${target}`,
    );
    expect((await calls.callLink(moved)).statusCode).toBe(200);
    expect((await calls.callLink(api)).statusCode).toBe(404);
    expect((await calls.callShort({ ...api, requestEnum: 'GET' })).statusCode).toBe(405);
  });

  it('bumps updatedAt and keeps createDate', async () => {
    const api = await created(ann);
    const [before] = await t.database.db.select().from(apis).where(eq(apis.id, api.id));
    const res = await calls.update(ann.cookie, updateBody(api, { name: 'Later' }));
    expect(res.json().createDate).toBe(api.createDate);
    const [after] = await t.database.db.select().from(apis).where(eq(apis.id, api.id));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
  });

  it('keeps the stored options, headers and sharing fields the body leaves out', async () => {
    const api = await created(ann, {
      option: { delay: 0, authToken: TOKEN, httpCode: 201 },
      customHeaders: [{ name: 'X-Kept', value: 'yes' }],
      isPublic: true,
      category: 'blog',
      description: 'Posts and their authors',
      tags: ['blog', 'cms'],
    });
    const { option: _option, ...withoutOption } = updateBody(api, { name: 'Kept' });
    const res = await calls.update(ann.cookie, withoutOption);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Kept',
      option: { delay: 0, authToken: TOKEN, httpCode: 201 },
      customHeaders: [{ name: 'X-Kept', value: 'yes' }],
      isPublic: true,
      category: 'blog',
      description: 'Posts and their authors',
      tags: ['blog', 'cms'],
    });
    const served = await calls.callShort(api, { authorization: `Bearer ${TOKEN}` });
    expect(served.statusCode).toBe(201);
    expect(served.headers['x-kept']).toBe('yes');
    expect((await calls.callShort(api)).statusCode).toBe(401);
  });

  it('changes the headers, sharing and options the body gives', async () => {
    const api = await created(ann, {
      customHeaders: [{ name: 'X-Old', value: '1' }],
      option: { delay: 0, authToken: TOKEN, httpCode: 200 },
    });
    const res = await calls.update(
      ann.cookie,
      updateBody(api, {
        option: { delay: 0, authToken: null, httpCode: 204 },
        customHeaders: [{ name: 'X-New', value: '2' }],
        isPublic: true,
        category: 'social',
        description: 'A feed of social posts',
        tags: ['feed'],
      }),
    );
    expect(res.statusCode).toBe(200);
    const served = await calls.callShort(api);
    expect(served.statusCode).toBe(204);
    expect(served.body).toBe('');
    expect(served.headers['x-new']).toBe('2');
    expect(served.headers['x-old']).toBeUndefined();
  });

  it('applies the sharing rules to the merged API', async () => {
    const shared = await created(ann, {
      isPublic: true,
      category: 'auth',
      description: 'Sign-in tokens and users',
    });
    const noCategory = await calls.update(ann.cookie, updateBody(shared, { category: null }));
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: apiMessages.categoryRequired,
    });
    const shortDescription = await calls.update(
      ann.cookie,
      updateBody(shared, { description: 'short' }),
    );
    expect(shortDescription.json().message).toBe(apiMessages.descriptionRequired);

    const hidden = await created(ann);
    const publish = await calls.update(ann.cookie, updateBody(hidden, { isPublic: true }));
    expect(publish.statusCode).toBe(400);
    expect(publish.json().message).toBe(apiMessages.categoryRequired);
    // Making it private lifts the rules.
    const unshare = await calls.update(
      ann.cookie,
      updateBody(shared, { isPublic: false, category: null, description: null, tags: [] }),
    );
    expect(unshare.statusCode).toBe(200);
    expect(unshare.json()).toMatchObject({ isPublic: false, category: null, description: null });
  });

  it('refuses a bad update before writing: the old version stays stored and served, no history', async () => {
    const api = await created(ann, {
      template: '{"kept":"boolean"}',
      customEndpoint: endpoint('stable'),
    });
    expect(Object.keys((await calls.callLink(api)).json())).toEqual(['kept']);
    const historyBefore = await historyRows(ann);
    const bad: [Record<string, unknown>, string][] = [
      [{ template: '{"broken": ' }, messages.invalidJsonApiPage],
      [
        { template: '[{"__multiply":"9-1","id":"uuid"}]' },
        '$[0].__multiply: __multiply range "9-1" is out of bounds: it needs 0 <= min <= max <= 1000',
      ],
      [{ name: '' }, 'API name is required'],
      [{ option: { delay: 20000 } }, `option.delay: ${DELAY_MESSAGE}`],
      [
        { option: { httpCode: 418 } },
        'option.httpCode: httpCode must be one of 200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 503',
      ],
      [
        { customEndpoint: '/x/./y' },
        expect.stringMatching(/^customEndpoint: Custom endpoint must be/),
      ],
      [{ tags: ['same', 'Same'] }, 'tags: Tag "Same" is given twice'],
      [
        { customHeaders: [{ name: 'Content-Length', value: '1' }] },
        `customHeaders.0.name: ${apiMessages.headerReserved('Content-Length')}`,
      ],
      [{ isPublic: true }, apiMessages.categoryRequired],
    ] as never;
    for (const [changes, message] of bad) {
      const res = await calls.update(ann.cookie, updateBody(api, { name: 'Changed', ...changes }));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json().message, JSON.stringify(changes)).toEqual(message);
    }
    expect((await listOf(ann)).find((item) => item.id === api.id)).toEqual({
      ...api,
      countUsed: expect.any(Number),
    });
    for (const served of [await calls.callLink(api), await calls.callShort(api)]) {
      expect(Object.keys(served.json())).toEqual(['kept']);
    }
    expect(await historyRows(ann)).toHaveLength(historyBefore.length);
  });

  it('answers 409 when moving onto another API’s endpoint, and keeps both', async () => {
    const taken = endpoint('occupied');
    await created(ann, { customEndpoint: taken });
    const api = await created(ann, { customEndpoint: endpoint('mover') });
    const res = await calls.update(ann.cookie, updateBody(api, { customEndpoint: taken }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CUSTOM_ENDPOINT_TAKEN',
      message: apiMessages.endpointTaken,
    });
    expect((await calls.callLink(api)).statusCode).toBe(200);
    // Saving an API at its own endpoint is no clash.
    expect((await calls.update(ann.cookie, updateBody(api, { name: 'Same' }))).statusCode).toBe(
      200,
    );
  });

  it('writes an UPDATE entry, and a WARN entry for an error status', async () => {
    const api = await created(bob, { name: 'Orders' });
    const res = await calls.update(
      bob.cookie,
      updateBody(api, { option: { delay: 0, authToken: null, httpCode: 404 } }),
    );
    expect(res.statusCode).toBe(200);
    const rows = (await historyRows(bob)).filter((row) => row.apiId === api.id);
    expect(rows.map((row) => [row.typeMessage, row.message]).sort()).toEqual([
      ['CREATE', 'Created API "Orders" (GET)'],
      ['UPDATE', 'Updated API "Orders"'],
      ['WARN', `API "Orders": ${apiMessages.errorStatusWarning(404)}`],
    ]);
  });

  it('answers 403 on another user’s API or userId, and changes nothing', async () => {
    const api = await created(ann, { template: '{"mine":"boolean"}' });
    const historyBefore = await historyRows(ann);
    const attempts = [
      updateBody(api, { userId: bob.userId, template: '{"stolen":"boolean"}' }),
      updateBody(api, { userId: undefined, template: '{"stolen":"boolean"}' }),
    ];
    for (const body of attempts) {
      const res = await calls.update(bob.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: apiMessages.forbidden });
    }
    // Ann naming Bob as the user is refused too.
    expect(
      (await calls.update(ann.cookie, updateBody(api, { userId: bob.userId }))).statusCode,
    ).toBe(403);
    expect((await listOf(ann)).find((item) => item.id === api.id)).toEqual({
      ...api,
      countUsed: expect.any(Number),
    });
    expect(Object.keys((await calls.callShort(api)).json())).toEqual(['mine']);
    expect(await historyRows(ann)).toHaveLength(historyBefore.length);
  });

  it('answers 404 for an unknown id or a request id that is not the API’s', async () => {
    const api = await created(ann);
    const cases = [
      updateBody(api, { id: '00000000-0000-4000-8000-000000000000' }),
      updateBody(api, { id: 'not-a-uuid' }),
      updateBody(api, { requestId: 'someotherid00000' }),
    ];
    for (const body of cases) {
      const res = await calls.update(ann.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        code: 'TEMPLATE_NOT_FOUND',
        message: apiMessages.notFound,
      });
    }
  });

  it('answers 401 without a session', async () => {
    const api = await created(ann);
    const res = await calls.update(undefined, updateBody(api, { name: 'Nobody' }));
    expect(res.statusCode).toBe(401);
    expect((await listOf(ann)).find((item) => item.id === api.id)?.name).toBe(api.name);
  });
});

describe('DELETE /backend/template', () => {
  const deleteBody = (api: UserApi, extra: Record<string, unknown> = {}) => ({
    idTemplate: api.id,
    idRequest: api.requestId,
    userId: api.userId,
    ...extra,
  });

  it('deletes the API: its URLs answer 404 at once, the list drops it, history keeps it', async () => {
    const api = await created(ann, { name: 'Doomed', customEndpoint: endpoint('doomed') });
    expect((await calls.callLink(api)).statusCode).toBe(200);
    expect((await calls.callShort(api)).statusCode).toBe(200);

    const res = await calls.remove(ann.cookie, deleteBody(api));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Template deleted successfully' });

    expect((await calls.callLink(api)).statusCode).toBe(404);
    expect((await calls.callShort(api)).statusCode).toBe(404);
    expect((await listOf(ann)).some((item) => item.id === api.id)).toBe(false);
    const rows = (await historyRows(ann)).filter((row) => row.apiId === api.id);
    expect(rows.map((row) => [row.typeMessage, row.message]).sort()).toEqual([
      ['CREATE', `Created API "Doomed" (GET ${api.customEndpoint})`],
      ['DELETE', 'Deleted API "Doomed"'],
    ]);
    // Gone: a second delete finds nothing.
    expect((await calls.remove(ann.cookie, deleteBody(api))).statusCode).toBe(404);
  });

  it('frees the custom endpoint of the deleted API', async () => {
    const path = endpoint('freed');
    const api = await created(ann, { customEndpoint: path });
    expect((await calls.remove(ann.cookie, deleteBody(api))).statusCode).toBe(200);
    expect((await calls.create(ann.cookie, { customEndpoint: path })).statusCode).toBe(201);
  });

  it('answers 403 on another user’s API or userId, and the API stays', async () => {
    const api = await created(ann);
    for (const [cookie, body] of [
      [bob.cookie, deleteBody(api)],
      [bob.cookie, deleteBody(api, { userId: bob.userId })],
      [ann.cookie, deleteBody(api, { userId: bob.userId })],
    ] as const) {
      const res = await calls.remove(cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: apiMessages.forbidden });
    }
    expect((await listOf(ann)).some((item) => item.id === api.id)).toBe(true);
    expect((await calls.callShort(api)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id, 400 without one, 401 without a session', async () => {
    const api = await created(ann);
    const unknown = await calls.remove(
      ann.cookie,
      deleteBody(api, { idTemplate: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TEMPLATE_NOT_FOUND');
    expect(
      (await calls.remove(ann.cookie, deleteBody(api, { idRequest: 'wrongrequestid00' })))
        .statusCode,
    ).toBe(404);
    const missing = await calls.remove(ann.cookie, { idRequest: api.requestId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('idTemplate: idTemplate is required');
    expect((await calls.remove(undefined, deleteBody(api))).statusCode).toBe(401);
    expect((await calls.callShort(api)).statusCode).toBe(200);
  });
});

describe('the Origin check on the signed-in template calls', () => {
  it('refuses create, update and delete sent from another site, and changes nothing', async () => {
    const api = await created(ann, { template: '{"safe":"boolean"}' });
    const evil = { origin: 'https://evil.example' };
    const attempts = [
      calls.call('POST', '/backend/crud/user', ann.cookie, { template: '{}', name: 'X' }, evil),
      calls.call(
        'PUT',
        '/backend/template',
        ann.cookie,
        updateBody(api, { template: '{"evil":"boolean"}' }),
        evil,
      ),
      calls.call(
        'DELETE',
        '/backend/template',
        ann.cookie,
        { idTemplate: api.id },
        { referer: 'https://evil.example/page' },
      ),
    ];
    const before = await listOf(ann);
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ORIGIN_REJECTED');
    }
    expect(await listOf(ann)).toEqual(before);
    expect(Object.keys((await calls.callShort(api)).json())).toEqual(['safe']);

    const sameSite = await calls.call(
      'PUT',
      '/backend/template',
      ann.cookie,
      updateBody(api, { name: 'From the site' }),
      { origin: 'http://mocksmith.test' },
    );
    expect(sameSite.statusCode).toBe(200);
  });
});

describe('POST /backend/apitemplate/preview for a signed-in user', () => {
  const preview = (cookie?: string) =>
    calls.call('POST', '/backend/apitemplate/preview', cookie, {
      template: JSON.parse(USERS_TEMPLATE),
    });

  it('generates from the whole catalogue, where a visitor gets the demo rule', async () => {
    const signedIn = await preview(ann.cookie);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(typeof body.name).toBe('string');
    expect(body.name).not.toBe('string.name.fullname');
    expect(body.orders).toHaveLength(2);
    expect(typeof body.orders[0].total).toBe('number');

    const visitor = await preview();
    expect(visitor.statusCode).toBe(400);
    expect(visitor.json().message).toBe(messages.demoTypeNotAllowed);
    // An ended or forged session previews as a visitor.
    expect((await preview('mocksmith.session_token=forged')).statusCode).toBe(400);
  });
});

describe('a custom Content-Type', () => {
  it('replaces the JSON content type of the public answer', async () => {
    const created = await calls.create(ann.cookie, {
      customHeaders: [{ name: 'Content-Type', value: 'application/hal+json' }],
    });
    expect(created.statusCode).toBe(201);
    const answer = await calls.callLink({ link: created.json().link, requestEnum: 'GET' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/hal\+json(;|$)/);
    expect(Object.keys(answer.json())).toEqual(['id', 'name', 'orders']);
  });
});
