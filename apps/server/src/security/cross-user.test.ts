/**
 * The cross-user matrix: every call that touches a user's things, made with another user's
 * session (and by a visitor) against the owner's ids, is refused (403 or 404, naming the
 * problem), and read back with the owner's session nothing has changed. One row per call: a new
 * user-scoped route is one more row.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { multipartBody, PETS_YAML } from '../../test/openapi.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { apis } from '../db/schema/apis.ts';
import { users } from '../db/schema/auth.ts';
import { apiReports } from '../db/schema/gallery.ts';

interface Account {
  cookie: string;
  userId: string;
  email: string;
}

let t: TestApp;
let sink: SmtpSink;
let owner: Account;
let other: Account;
let admin: Account;
const ids = { privateApi: '', privateRequest: '', publicApi: '', publicRequest: '', report: '' };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  const steps = accountSteps(t.app, sink);
  const signUp = async (email: string, name: string): Promise<Account> => {
    const { cookie, user } = await steps.signUp(email, undefined, name);
    return { cookie, userId: user.userId, email };
  };
  owner = await signUp('owner@example.test', 'Olga Owner');
  other = await signUp('other@example.test', 'Oscar Other');
  admin = await signUp('admin@example.test', 'Ada Admin');
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));

  const create = async (body: Record<string, unknown>) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/backend/crud/user',
      headers: { cookie: owner.cookie },
      payload: { requestEnum: 'GET', template: '{"id":"uuid"}', ...body },
    });
    expect(answer.statusCode).toBe(201);
    return answer.json() as { id: string; requestId: string };
  };
  const privateApi = await create({
    name: 'Private',
    option: { delay: 0, httpCode: 200, authToken: `mck_${'0wnerSecret_'.repeat(3)}` },
  });
  const publicApi = await create({
    name: 'Shared',
    isPublic: true,
    category: 'other',
    description: 'Shared with the community',
  });
  Object.assign(ids, {
    privateApi: privateApi.id,
    privateRequest: privateApi.requestId,
    publicApi: publicApi.id,
    publicRequest: publicApi.requestId,
  });
  // A report by the owner on their own shared template is refused; an admin's stands in.
  const reported = await t.app.inject({
    method: 'POST',
    url: `/backend/templates-gallery/${ids.publicApi}/report`,
    headers: { cookie: admin.cookie },
    payload: { reason: 'illegal', note: 'kept as evidence' },
  });
  expect(reported.statusCode).toBe(201);
  const [report] = await t.database.db.select().from(apiReports);
  ids.report = report?.id ?? '';
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Everything the owner has, as the owner's session (and the database) shows it. */
async function ownersWorld() {
  const list = await t.app.inject({
    url: `/backend/crud/getall/${owner.userId}`,
    headers: { cookie: owner.cookie },
  });
  const history = await t.app.inject({
    url: `/backend/history/${encodeURIComponent(owner.email)}`,
    headers: { cookie: owner.cookie },
  });
  const me = await t.app.inject({ url: '/backend/user/me', headers: { cookie: owner.cookie } });
  const rows = await t.database.db
    .select({
      id: apis.id,
      name: apis.name,
      template: apis.template,
      authToken: apis.authToken,
      isPublic: apis.isPublic,
      likesCount: apis.likesCount,
    })
    .from(apis)
    .where(eq(apis.ownerId, owner.userId));
  const reports = await t.database.db
    .select({ id: apiReports.id, status: apiReports.status })
    .from(apiReports);
  const [account] = await t.database.db
    .select({ banned: users.banned, role: users.role })
    .from(users)
    .where(eq(users.id, owner.userId));
  return {
    list: list.json(),
    history: history.json(),
    me: me.json(),
    rows: rows.sort((a, b) => a.id.localeCompare(b.id)),
    reports,
    account,
  };
}

type Call = {
  name: string;
  /**
   * 'refused' (the default): 401, 403 or 404 naming the problem. 'own': the call is honoured as
   * the caller's own (the import's `username` is ignored: the owner is the session's).
   */
  outcome?: 'refused' | 'own';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  payload?: () => unknown;
  multipart?: () => { body: Buffer; contentType: string };
};

/** An update of the owner's private API; `changes` are read when the call is made. */
const update =
  (changes: () => Record<string, unknown> = () => ({})) =>
  () => ({
    id: ids.privateApi,
    requestId: ids.privateRequest,
    name: 'Taken over',
    template: '{"pwned":true}',
    requestEnum: 'GET',
    ...changes(),
  });

const CALLS: Call[] = [
  {
    name: "list the owner's APIs",
    method: 'GET',
    url: () => `/backend/crud/getall/${owner.userId}`,
  },
  {
    name: 'create an API in the owner’s name',
    method: 'POST',
    url: () => '/backend/crud/user',
    payload: () => ({
      userId: owner.userId,
      name: 'Planted',
      requestEnum: 'GET',
      template: '{"a":1}',
    }),
  },
  {
    name: 'edit the owner’s API',
    method: 'PUT',
    url: () => '/backend/template',
    payload: update(),
  },
  {
    name: 'edit the owner’s API naming the owner',
    method: 'PUT',
    url: () => '/backend/template',
    payload: update(() => ({ userId: owner.userId })),
  },
  {
    name: 'make the owner’s private API public',
    method: 'PUT',
    url: () => '/backend/template',
    payload: update(() => ({
      name: 'Private',
      template: '{"id":"uuid"}',
      isPublic: true,
      category: 'other',
      userId: owner.userId,
    })),
  },
  {
    name: 'delete the owner’s API',
    method: 'DELETE',
    url: () => '/backend/template',
    payload: () => ({
      idTemplate: ids.privateApi,
      idRequest: ids.privateRequest,
      userId: owner.userId,
    }),
  },
  {
    name: 'read the owner’s history',
    method: 'GET',
    url: () => `/backend/history/${encodeURIComponent(owner.email)}`,
  },
  {
    name: 'delete the owner’s account',
    method: 'DELETE',
    url: () => `/backend/user/${owner.userId}`,
  },
  {
    name: 'import an OpenAPI file in the owner’s name',
    outcome: 'own',
    method: 'POST',
    url: () => '/backend/crud/openapi',
    multipart: () => multipartBody(PETS_YAML, { username: owner.userId }),
  },
  {
    name: 'use the owner’s private API as a template',
    method: 'POST',
    url: () => `/backend/templates-gallery/${ids.privateApi}/use`,
  },
  {
    name: 'like the owner’s private API',
    method: 'POST',
    url: () => `/backend/templates-gallery/${ids.privateApi}/like`,
  },
  {
    name: 'report the owner’s private API',
    method: 'POST',
    url: () => `/backend/templates-gallery/${ids.privateApi}/report`,
    payload: () => ({ reason: 'illegal' }),
  },
  { name: 'read the report queue', method: 'GET', url: () => '/backend/admin/reports' },
  {
    name: 'dismiss a report',
    method: 'POST',
    url: () => `/backend/admin/reports/${ids.report}/dismiss`,
  },
  {
    name: 'unpublish the owner’s template',
    method: 'POST',
    url: () => `/backend/admin/templates/${ids.publicApi}/unpublish`,
  },
  { name: 'search the users', method: 'GET', url: () => '/backend/admin/users?search=owner' },
  { name: 'ban the owner', method: 'POST', url: () => `/backend/admin/users/${owner.userId}/ban` },
  {
    name: 'unban the owner',
    method: 'POST',
    url: () => `/backend/admin/users/${owner.userId}/unban`,
  },
];

function send(call: Call, cookie: string | null): Promise<LightMyRequestResponse> {
  const multipart = call.multipart?.();
  return t.app.inject({
    method: call.method,
    url: call.url(),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(multipart ? { 'content-type': multipart.contentType } : {}),
    },
    ...(multipart
      ? { payload: multipart.body }
      : call.payload
        ? { payload: call.payload() as object }
        : {}),
  });
}

describe.each([
  ['another user', () => other.cookie],
  ['a visitor', () => null],
])('as %s', (_who, cookieOf) => {
  it.each(CALLS.map((call) => [call.name, call] as const))(
    '%s: refused (or made the caller’s own), the owner’s things unchanged',
    async (_name, call) => {
      const before = await ownersWorld();
      const answer = await send(call, cookieOf());
      const what = `${call.method} ${call.url()} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`;
      if (call.outcome === 'own') {
        expect(answer.statusCode, what).toBe(201);
      } else {
        expect([401, 403, 404], what).toContain(answer.statusCode);
        const body = answer.json() as { message?: unknown };
        expect(typeof body.message === 'string' && body.message.length > 0).toBe(true);
      }
      expect(await ownersWorld()).toEqual(before);
    },
  );
});

it('the calls were allowed to their owner (the refusals above are not of broken calls)', async () => {
  // A sample of the matrix with the right session: the same shapes succeed.
  const listed = await send(CALLS[0] as Call, owner.cookie);
  expect(listed.statusCode).toBe(200);
  const edited = await t.app.inject({
    method: 'PUT',
    url: '/backend/template',
    headers: { cookie: owner.cookie },
    payload: update(() => ({ name: 'Renamed by its owner', userId: owner.userId }))(),
  });
  expect(edited.statusCode).toBe(200);
  const queue = await send(
    CALLS.find((call) => call.name === 'read the report queue') as Call,
    admin.cookie,
  );
  expect(queue.statusCode).toBe(200);
});
