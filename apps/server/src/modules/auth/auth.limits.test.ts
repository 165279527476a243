/**
 * The limits of the account calls (per client and per e-mail address) and the session cookie
 * behind HTTPS.
 */

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps, cookieOf, PASSWORD, setCookie } from '../../../test/accounts.ts';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/helper.ts';
import { linkIn, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink?.close());

describe('rate limits of login and registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      SMTP_URL: sink.url,
      AUTH_RATE_LIMIT: '30',
      AUTH_ADDRESS_RATE_LIMIT: '10',
    });
  });
  afterAll(() => t?.close());

  const login = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { email, password: 'a-wrong-password' },
      remoteAddress: ip,
    });

  it('answers an attack of 100 wrong passwords with 429s, never a 500', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await login('victim@example.test', '203.0.113.7');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        retryAfter ??= res.headers['retry-after'] as string;
        expect(res.json().code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('limits one address per client and one client whatever the address, and locks no owner out', async () => {
    const fromOneClient = [];
    for (let i = 0; i < 12; i++)
      fromOneClient.push((await login('target@example.test', '198.51.100.1')).statusCode);
    expect(fromOneClient.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(fromOneClient.slice(10)).toEqual([429, 429]);

    // Wrong passwords for the owner's address from everywhere: refused as wrong, not locked...
    const steps = accountSteps(t.app, sink);
    await steps.signUp('owner@example.test');
    const fromEverywhere = [];
    for (let i = 0; i < 12; i++)
      fromEverywhere.push((await login('owner@example.test', `198.51.101.${i}`)).statusCode);
    expect(fromEverywhere.every((s) => s === 401)).toBe(true);
    // ...and the owner, from their own address, still gets in with the right password.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { email: 'owner@example.test', password: PASSWORD },
      remoteAddress: '192.0.2.200',
    });
    expect(owner.statusCode).toBe(200);

    const byClient = [];
    for (let i = 0; i < 32; i++)
      byClient.push((await login(`user${i}@example.test`, '192.0.2.1')).statusCode);
    expect(byClient.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(byClient.slice(30)).toEqual([429, 429]);
  }, 90_000);

  it('limits registrations of one address', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/backend/user/register',
        payload: { email: 'spam@example.test', password: 'a-long-password', username: 'S' },
        remoteAddress: `10.0.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Of ten registrations of one address, the owner got one mail and nine notices.
    await sink.waitForMail('spam@example.test', /already have/, 8);
  });
});

describe('sign-in limits count failures only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      SMTP_URL: sink.url,
      AUTH_RATE_LIMIT: '30',
      AUTH_ADDRESS_RATE_LIMIT: '10',
    });
  });
  afterAll(() => t?.close());

  it('never refuses a person who signs in with the right password again and again', async () => {
    const steps = accountSteps(t.app, sink);
    await steps.signUp('regular@example.test');
    const statuses = [];
    for (let i = 0; i < 15; i++)
      statuses.push((await steps.login('regular@example.test')).statusCode);
    expect(statuses).toEqual(Array(15).fill(200));
    // Wrong passwords still count: ten, then refused.
    const wrong = [];
    for (let i = 0; i < 11; i++)
      wrong.push((await steps.login('regular@example.test', 'not-the-password')).statusCode);
    expect(wrong.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(wrong[10]).toBe(429);
  }, 60_000);

  it('answers 100 parallel wrong sign-ins from 100 clients without a 5xx', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/backend/user/login',
          payload: {
            email: i % 2 ? 'crowd@example.test' : `nobody${i}@example.test`,
            password: 'a-wrong-password',
          },
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe('an account guessed at from everywhere', () => {
  const env = {
    AUTH_RATE_LIMIT: '30',
    AUTH_ADDRESS_RATE_LIMIT: '10',
    AUTH_ACCOUNT_FAILURE_LIMIT: '20',
  };
  const login = (node: TestApp, email: string, password: string, ip: string, cookie?: string) =>
    node.app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { email, password },
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  /** 100 wrong passwords, each from a client address of its own, spread over `nodes`. */
  const guessFromEverywhere = async (nodes: TestApp[], email: string, net: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await login(nodes[i % nodes.length]!, email, 'a-guess', `${net}.${i + 1}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().code).toBe('RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    return statuses;
  };

  it('refuses guesses past the budget, lets the owner in from a known device, and mails a link that lets a new browser in', async () => {
    const t = await buildTestApp({ SMTP_URL: sink.url, ...env });
    try {
      const steps = accountSteps(t.app, sink);
      const email = 'guessed@example.test';
      await steps.signUp(email);
      // The owner's laptop: a device cookie from its sign-in.
      const laptop = setCookie(await login(t, email, PASSWORD, '192.0.2.10'), 'device');
      expect(laptop).toMatch(/HttpOnly/);
      const laptopCookie = laptop!.split(';')[0]!;

      const statuses = await guessFromEverywhere([t], email, '198.18.7');
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual(Array(80).fill(429));

      // Even the right password is refused from a browser the account does not know...
      const stranger = await login(t, email, PASSWORD, '192.0.2.99');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().message).toMatch(/device you used before/);
      // ...while the owner's laptop, from another network, gets in.
      expect((await login(t, email, PASSWORD, '192.0.2.77', laptopCookie)).statusCode).toBe(200);

      // One mail, whose link lets a new browser in.
      const mail = await sink.waitForMail(email, /new device/);
      const token = linkIn(mail, '/unlock-sign-in/').pathname.split('/').pop()!;
      const unlock = await t.app.inject({
        method: 'POST',
        url: '/backend/user/unlock',
        payload: { token },
        remoteAddress: '192.0.2.99',
      });
      expect(unlock.statusCode).toBe(200);
      expect(unlock.json()).toEqual({ message: 'This browser can sign in to your account again.' });
      const phone = cookieOf(unlock);
      expect((await login(t, email, PASSWORD, '192.0.2.99', phone)).statusCode).toBe(200);
      // A known device still needs the password, and the link works once.
      expect((await login(t, email, 'a-guess', '192.0.2.99', phone)).statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/backend/user/unlock',
        payload: { token },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('INVALID_TOKEN');
      // A tampered device cookie opens nothing.
      const forged = phone.replace(/=(\d+)~/, '=$1~x');
      expect((await login(t, email, PASSWORD, '192.0.2.98', forged)).statusCode).toBe(429);
      expect(sink.mailsTo(email).filter((m) => /new device/.test(m.subject))).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 180_000);

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'shares the budget between two nodes through Redis',
    async () => {
      const database = await createTestDatabase();
      const a = await buildTestApp({ SMTP_URL: sink.url, ...env }, { database, redis: true });
      const b = await buildTestApp({ SMTP_URL: sink.url, ...env }, { database, redis: true });
      try {
        const email = `shared-${randomBytes(4).toString('hex')}@example.test`;
        await accountSteps(a.app, sink).signUp(email);
        const statuses = await guessFromEverywhere([a, b], email, '198.18.9');
        expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
        expect(statuses.slice(20)).toEqual(Array(80).fill(429));
      } finally {
        await a.close();
        await b.close();
        await database.drop();
      }
    },
    180_000,
  );
});

describe('behind HTTPS', () => {
  it('marks the session cookie Secure', async () => {
    const t = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://mocksmith.example' });
    try {
      const steps = accountSteps(t.app, sink);
      await steps.register('secure@example.test');
      expect((await steps.followVerificationMail('secure@example.test')).statusCode).toBe(200);
      const cookie = setCookie(await steps.login('secure@example.test'), 'session_token');
      expect(cookie).toMatch(/^__Secure-mocksmith\.session_token=/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    } finally {
      await t.close();
    }
  });
});
