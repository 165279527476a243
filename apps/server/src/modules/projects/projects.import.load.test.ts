/**
 * The import of a large spec into a project (issue 28: 1,000 operations in < 10 s and < 1 GiB):
 * every operation becomes a route that answers. The time and the process's peak memory are
 * printed for the closing note, never asserted (timings belong to measurements, not tests).
 */
import type { ProjectImportResult } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/openapi.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

const OPERATIONS = 1000;

/** 500 resources, each a list (GET) and one of them (GET by integer id), with a schema each. */
function largeSpec(): string {
  const paths: Record<string, unknown> = {};
  const item = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      createdAt: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };
  for (let n = 0; n < OPERATIONS / 2; n++) {
    const ok = (schema: unknown) => ({
      200: { description: 'OK', content: { 'application/json': { schema } } },
    });
    paths[`/resources-${n}`] = {
      get: { summary: `List ${n}`, responses: ok({ type: 'array', items: item }) },
    };
    paths[`/resources-${n}/{id}`] = {
      get: {
        summary: `Get ${n}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { ...ok(item), 404: { description: 'Not found' } },
      },
    };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Large', version: '1' },
    servers: [{ url: 'https://large.test/v1' }],
    paths,
  });
}

let t: TestApp;
let sink: SmtpSink;
let cookie: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  cookie = (await accountSteps(t.app, sink).signUp('large@import.test')).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('an import of 1,000 operations into a project', () => {
  it('makes 1,000 routes, each answering at the base URL', async () => {
    const project = (await projectCalls(t.app).create(cookie, { name: 'Large' })).json();
    const { body, contentType } = multipartBody(largeSpec(), {
      fileName: 'large.json',
      contentType: 'application/json',
    });
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/backend/projects/${project.id}/import`,
      payload: body,
      headers: { 'content-type': contentType, cookie },
    });
    const ms = performance.now() - started;
    clearInterval(sampler);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
    const result: ProjectImportResult = res.json();
    expect(result.report.created).toHaveLength(OPERATIONS);
    expect(result.routes).toHaveLength(OPERATIONS);
    console.info(
      `import of ${OPERATIONS} operations into a project: ${Math.round(ms)} ms; this process's rss ${Math.round(rssBefore / 2 ** 20)} → peak ${Math.round(peak / 2 ** 20)} MiB (the plan is made in a worker thread of the same process)`,
    );
    // Under the spec's server path, kept in front of each route's.
    for (const path of ['/v1/resources-0', '/v1/resources-250/7', '/v1/resources-499/1']) {
      const answer = await t.app.inject(`/p/${project.slug}${path}`);
      expect(answer.statusCode, path).toBe(200);
    }
    expect((await t.app.inject(`/p/${project.slug}/v1/resources-250/x`)).statusCode).toBe(404);
  }, 120_000);
});
