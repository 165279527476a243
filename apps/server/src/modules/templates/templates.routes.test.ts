import { ErrorCode } from '@mocksmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { INFER_BODY_LIMIT } from './templates.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const infer = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/backend/templates/infer',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

describe('POST /backend/templates/infer', () => {
  it('answers a template of the sample and a report per field', async () => {
    const res = await infer({
      sample: {
        id: '0b6d5a4e-3c2b-4a19-8f7e-6d5c4b3a2910',
        email: 'ada@example.org',
        users: [
          { name: 'Ada Lovelace', role: 'admin' },
          { name: 'Alan Turing', role: 'user' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const { template, report } = res.json();
    expect(template).toEqual({
      id: 'uuid',
      email: 'email',
      users: [
        { __multiply: '1-2', name: 'string.name.fullname', role: { __oneOf: ['admin', 'user'] } },
      ],
    });
    expect(report.find((note: { path: string }) => note.path === '$.email')).toMatchObject({
      chosen: 'email',
      literal: false,
    });
    expect(JSON.stringify(template)).not.toMatch(/Ada|Lovelace|Turing|example\.org/);
  });

  it('refuses a body without a sample', async () => {
    const res = await infer({});
    expect(res.statusCode).toBe(400);
  });

  it('refuses a sample nested deeper than a template may be', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    const res = await infer({ sample: deep });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.TEMPLATE_TOO_DEEP);
  });

  it('refuses a body nested past the JSON limit before reading it', async () => {
    const res = await infer(`{"sample":${'['.repeat(100)}${']'.repeat(100)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.BODY_TOO_DEEP);
  });

  it('refuses a sample over its size limit with 413', async () => {
    const res = await infer({ sample: { text: 'x'.repeat(INFER_BODY_LIMIT) } });
    expect(res.statusCode).toBe(413);
  });
});
