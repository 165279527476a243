/**
 * The health answer counts what this process could not do off the request path: a write of
 * the analytics that the database refuses is logged, counted there, and the service goes on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, loggerInto, type TestApp } from '../../../test/helper.ts';
import { projectCalls, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let sink: SmtpSink;
const lines: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url }, { logger: loggerInto(lines) });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const health = async () =>
  (await t.app.inject('/backend/health')).json() as {
    status: string;
    backgroundFailures: number;
    droppedCalls: number;
  };

it('counts an analytics write the database refused, logs it, and goes on serving', async () => {
  const { cookie } = await accountSteps(t.app, sink).signUp('health@example.test');
  const calls = projectCalls(t.app);
  const project = (await calls.create(cookie, { name: 'Counted' })).json();
  expect((await calls.createRoute(cookie, project.id, routeBody('/ping'))).statusCode).toBe(201);
  const before = (await health()).backgroundFailures;
  // The analytics' tables gone: their next write (at a flush of the log) fails.
  await t.database.db.execute(sql`alter table analytics_minutes rename to analytics_minutes_away`);
  expect((await t.app.inject(`/p/${project.slug}/ping`)).statusCode).toBe(200);
  let now = await health();
  while (now.backgroundFailures === before) now = await health();
  expect(now).toMatchObject({ status: 'ok', backgroundFailures: before + 1 });
  expect(lines.join('')).toContain('could not add a batch of calls to the analytics; dropped');
  expect((await t.app.inject(`/p/${project.slug}/ping`)).statusCode).toBe(200);
});
