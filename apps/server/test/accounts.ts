/** Account steps for the integration tests, done through the HTTP API as a user would. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { linkIn, type SmtpSink } from './smtp-sink.ts';

export const PASSWORD = 'correct-horse-battery';

/** The `name=value` pairs of an answer's Set-Cookie headers, as a Cookie header. */
export function cookieOf(response: LightMyRequestResponse): string {
  const set = response.headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [set] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** The raw Set-Cookie header of one cookie by the end of its name, or undefined. */
export function setCookie(response: LightMyRequestResponse, nameEnd: string): string | undefined {
  const set = response.headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [set] : [];
  return list.find((cookie) => cookie.split('=')[0]!.endsWith(nameEnd));
}

export function accountSteps(app: FastifyInstance, sink: SmtpSink) {
  const steps = {
    register: (email: string, password = PASSWORD, username = 'Ann Example') =>
      app.inject({
        method: 'POST',
        url: '/backend/user/register',
        payload: { email, password, username },
      }),

    login: (email: string, password = PASSWORD, extra: Record<string, unknown> = {}) =>
      app.inject({
        method: 'POST',
        url: '/backend/user/login',
        payload: { email, password, ...extra },
      }),

    me: (cookie: string) =>
      app.inject({ method: 'GET', url: '/backend/user/me', headers: { cookie } }),

    /** Opens the verification link of the `index`th verification mail to `email`. */
    async followVerificationMail(email: string, index = 0) {
      const mail = await sink.waitForMail(email, /Confirm your e-mail/, index);
      const link = linkIn(mail, '/verify-email/');
      const token = link.pathname.slice('/verify-email/'.length);
      return app.inject({ method: 'GET', url: `/backend/user/verify/${token}` });
    },

    /** Registers and confirms an account; returns its session cookie after a login. */
    async signUp(email: string, password = PASSWORD, username = 'Ann Example') {
      expect((await steps.register(email, password, username)).statusCode).toBe(201);
      expect((await steps.followVerificationMail(email)).statusCode).toBe(200);
      const login = await steps.login(email, password);
      expect(login.statusCode).toBe(200);
      return { cookie: cookieOf(login), user: login.json() as { userId: string } };
    },
  };
  return steps;
}
