/**
 * A flood of calls to an API with a delay: each client may have 100 held at once (here 50 of
 * 2,000 sent together), the rest answer 429 at once with how long to wait, other clients and the
 * rest of the service go on being answered meanwhile, and every place is given back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertApi } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MOCK_MAX_DELAYED_PER_CLIENT: '50', MOCK_MAX_DELAYED: '120' });
});
afterAll(() => t?.close());

it('holds 50 delayed calls of one client of 2,000 sent at once, refuses the rest at once, and keeps answering others', async () => {
  const slow = await insertApi(t.database.db, { delay: 1500, template: { ok: true } });
  const quick = await insertApi(t.database.db, { template: { quick: true } });
  const flood = Array.from({ length: 2000 }, () =>
    t.app.inject({ url: `/api/${slow.requestId}`, remoteAddress: '203.0.113.9' }),
  );
  // While the flood is held: health, a quick API, and another client's delayed call.
  const health = await t.app.inject({ url: '/backend/health' });
  expect(health.statusCode).toBe(200);
  const other = await t.app.inject({
    url: `/api/${quick.requestId}`,
    remoteAddress: '203.0.113.9',
  });
  expect(other.json()).toEqual({ quick: true });
  const someoneElse = t.app.inject({
    url: `/api/${slow.requestId}`,
    remoteAddress: '198.51.100.4',
  });

  const answers = await Promise.all(flood);
  const held = answers.filter((answer) => answer.statusCode === 200);
  const refused = answers.filter((answer) => answer.statusCode === 429);
  expect(held).toHaveLength(50);
  expect(refused).toHaveLength(1950);
  expect(refused[0]?.headers['retry-after']).toBe('2');
  expect(refused[0]?.json()).toEqual({
    statusCode: 429,
    code: 'TOO_MANY_DELAYED',
    message:
      'Too many delayed calls at once: at most 50 per client are held for their delay. Try again in 2 seconds',
  });
  expect((await someoneElse).statusCode).toBe(200);

  // Every place was given back: the client may have 50 held again.
  const again = await Promise.all(
    Array.from({ length: 50 }, () =>
      t.app.inject({ url: `/api/${slow.requestId}`, remoteAddress: '203.0.113.9' }),
    ),
  );
  expect(again.every((answer) => answer.statusCode === 200)).toBe(true);
});

it('refuses past the total across clients', async () => {
  const slow = await insertApi(t.database.db, { delay: 1000, template: { ok: true } });
  const answers = await Promise.all(
    Array.from({ length: 150 }, (_, i) =>
      t.app.inject({ url: `/api/${slow.requestId}`, remoteAddress: `10.1.${i}.1` }),
    ),
  );
  expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(120);
  const refused = answers.find((answer) => answer.statusCode === 429);
  expect(refused?.json().message).toBe(
    'The server is holding 120 delayed calls, its most. Try again in 1 seconds',
  );
});
