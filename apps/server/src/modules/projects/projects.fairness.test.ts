/**
 * One account's route saves must not slow everyone (issue 36): the regexes of a route's rules
 * are bounded by what RE2 compiles them to (each, and all together), refused with 400 naming
 * the bound, and checked in the background worker; a user saves at most ROUTE_SAVE_RATE_LIMIT
 * routes a minute (429 with Retry-After), others unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls, responseBody, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

const SAVES = 3;

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let signUp: (email: string) => Promise<string>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, ROUTE_SAVE_RATE_LIMIT: String(SAVES) });
  calls = projectCalls(t.app);
  const steps = accountSteps(t.app, sink);
  signUp = async (email) => (await steps.signUp(email)).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** A new project of the user's; its id. */
async function projectOf(cookie: string, name: string): Promise<string> {
  const res = await calls.create(cookie, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const regexRule = (value: string) => ({
  conditions: [{ source: 'header', name: 'x-path', operator: 'regex', value }],
  response: 'ok',
});

describe("a route's rules, bounded by their compiled size", () => {
  it("refuses 50 rules of 20 regexes, naming the route's bound", async () => {
    const cookie = await signUp('fair-rules@example.test');
    const project = await projectOf(cookie, 'Rules');
    const rules = Array.from({ length: 50 }, (_, r) => ({
      conditions: Array.from({ length: 20 }, (_, c) => ({
        source: 'header',
        name: 'x-path',
        operator: 'regex',
        value: `^/v[0-9]+/(users|orders|items)/[a-z0-9-]{1,64}-${r}-${c}$`,
      })),
      response: 'ok',
    }));
    const res = await calls.createRoute(cookie, project, routeBody('/ruled', { rules }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      "$.rules: the regexes of a route's rules compile to at most 2,500 instructions together (RE2's program size); these pass it at rules[0].conditions[15]: use fewer or smaller patterns (equals, startsWith or in where they do)",
    );
  });

  it('refuses a regex compiling to more than 250 instructions, and takes one of 250', async () => {
    const cookie = await signUp('fair-pattern@example.test');
    const project = await projectOf(cookie, 'Pattern');
    const refused = await calls.createRoute(
      cookie,
      project,
      routeBody('/big', { rules: [regexRule('\\pL{998}')] }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(
      "$.rules[0].conditions[0].value: the regex /\\pL{998}/ compiles to 1000 instructions, more than the 250 one may (RE2's program size): repeat less (a smaller {n,m}), or split it",
    );
    const taken = await calls.createRoute(
      cookie,
      project,
      routeBody('/fits', {
        responses: [responseBody(), responseBody({ name: 'word', template: '{"word":true}' })],
        rules: [{ ...regexRule('^\\pL{246}$'), response: 'word' }],
      }),
    );
    expect(taken.statusCode, taken.body).toBe(201);
    const slug = (await calls.get(cookie, project)).json().slug;
    const word = await t.app.inject({
      method: 'GET',
      url: `/p/${slug}/fits`,
      headers: { 'x-path': 'é'.repeat(246) },
    });
    expect(word.json()).toEqual({ word: true });
  });
});

describe('route saves per user', () => {
  it(`answers 429 with Retry-After past ${SAVES} saves a minute, to that user only`, async () => {
    const cookie = await signUp('fair-saves@example.test');
    const project = await projectOf(cookie, 'Saves');
    const created = await calls.createRoute(cookie, project, routeBody('/a'));
    expect(created.statusCode, created.body).toBe(201);
    const routeId = created.json().id;
    for (let save = 2; save <= SAVES; save++) {
      const res = await calls.updateRoute(cookie, project, routeId, routeBody(`/a${save}`));
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await calls.createRoute(cookie, project, routeBody('/b'));
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json().message).toBe(
      `Too many route saves: at most ${SAVES} per minute. Try again in ${wait} seconds`,
    );
    // Another user saves as before.
    const other = await signUp('fair-saves-other@example.test');
    const theirs = await projectOf(other, 'Theirs');
    expect((await calls.createRoute(other, theirs, routeBody('/b'))).statusCode).toBe(201);
  });
});
