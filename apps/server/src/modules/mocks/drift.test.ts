/**
 * Drift over real HTTP (issue 40): a project imported from a spec forwards the calls no route of
 * it answers to a real upstream (a node:http server on loopback, allowed by
 * MOCK_PROXY_ALLOW_PRIVATE for this app), and each forwarded JSON answer is checked against the
 * spec's response schema of its operation: the inspector lists where the real API disagrees.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Project } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { ordersSpec } from '../../../test/openapi.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

const order = {
  type: 'object',
  required: ['id', 'items'],
  properties: {
    id: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['price'],
        properties: { price: { type: 'number' } },
      },
    },
  },
};

const spec = ordersSpec(order);

/** What the real API answers: its orders list with a price as a string, the rest as specified. */
const answers: Record<string, unknown> = {
  '/orders': [{ id: 1, items: [{ price: 3.5 }, { price: '12' }] }],
  '/orders/7': { id: 7, items: [{ price: 3.5 }] },
  '/unknown': { anything: 'goes' },
};

let upstream: Server;
let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let ann: string;
let origin: string;
let project: Project;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const answer = answers[(request.url ?? '').split('?')[0] ?? ''];
    response.writeHead(answer === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer ?? { message: 'not here' }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, MOCK_PROXY_ALLOW_PRIVATE: 'true' });
  calls = projectCalls(t.app);
  ann = (await accountSteps(t.app, sink).signUp('ann@drift.test')).cookie;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const made = await calls.create(ann, { name: 'Half real orders' });
  expect(made.statusCode, made.body).toBe(201);
  project = made.json();
  const imported = await calls.importSpec(ann, project.id, spec, 'orders.json');
  expect(imported.statusCode, imported.body).toBe(201);
  // The real API answers the list: its route goes, the spec stays.
  const routes = imported.json().routes as { id: string; method: string; path: string }[];
  const list = routes.find((r) => r.path === '/orders');
  expect(list).toBeDefined();
  const removed = await calls.removeRoute(ann, project.id, list?.id ?? '');
  expect(removed.statusCode, removed.body).toBe(204);
  const patched = await calls.update(ann, project.id, {
    settings: { proxy: { url: upstreamUrl } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
  upstream?.close();
});

const logged = async (path: string) => {
  const listed = await t.app.inject({
    url: `/backend/projects/${project.id}/requests?path=${path}`,
    headers: { cookie: ann },
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json().requests[0];
};

describe('drift: forwarded answers checked against the spec', () => {
  it('lists the fields where the real API disagrees with its spec, the answer passed as it came', async () => {
    const answer = await fetch(`${origin}/p/${project.slug}/orders?page=1`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-mock-proxied')).toBe('true');
    expect(await answer.json()).toEqual(answers['/orders']);
    const call = await logged('/orders');
    expect(call.upstream.status).toBe(200);
    expect(call.drift).toEqual(['body[0].items[1].price: must be a number, got "12"']);
  });

  it('finds no drift in an answer that agrees, nor in one of a path the spec does not know', async () => {
    // The route of /orders/{id} answers itself: the real API is not asked.
    const own = await fetch(`${origin}/p/${project.slug}/orders/7`);
    expect(own.headers.get('x-mock-proxied')).toBeNull();
    const unknown = await fetch(`${origin}/p/${project.slug}/unknown`);
    expect(unknown.headers.get('x-mock-proxied')).toBe('true');
    expect(await unknown.json()).toEqual(answers['/unknown']);
    expect((await logged('/unknown')).drift).toBeNull();
    expect((await logged('/orders/7')).drift).toBeNull();
  });

  it('says when the real API answers a status its spec does not declare', async () => {
    delete answers['/orders'];
    const answer = await fetch(`${origin}/p/${project.slug}/orders`);
    expect(answer.status).toBe(404);
    const call = (
      await t.app.inject({
        url: `/backend/projects/${project.id}/requests?path=/orders&status=404`,
        headers: { cookie: ann },
      })
    ).json().requests[0];
    expect(call.drift).toEqual(['status: 404 is not declared (the operation declares 200)']);
  });
});

describe('a copy of the project', () => {
  it('made of its exported files, checks calls and forwarded answers against the spec as the original does', async () => {
    answers['/orders'] = [{ id: 1, items: [{ price: '12' }] }];
    const enforced = await calls.update(ann, project.id, { settings: { validation: 'enforce' } });
    expect(enforced.statusCode, enforced.body).toBe(200);
    const exported = await calls.call('GET', `/backend/projects/${project.id}/export/files`, ann);
    expect(exported.statusCode, exported.body).toBe(200);
    const made = await calls.call('POST', '/backend/projects/import/files', ann, {
      files: exported.json().files,
    });
    expect(made.statusCode, made.body).toBe(201);
    const copy = made.json().project as { id: string; slug: string };
    expect(copy.slug).not.toBe(project.slug);

    // The copy refuses a call that breaks the spec with the original's words.
    const refusals = await Promise.all(
      [project.slug, copy.slug].map(async (slug) => {
        const answer = await fetch(`${origin}/p/${slug}/orders/7?limit=ten`);
        const { violations } = (await answer.json()) as { violations: string[] };
        return { status: answer.status, violations };
      }),
    );
    expect(refusals[0]).toEqual({
      status: 400,
      violations: ['query.limit: must be an integer, got "ten"'],
    });
    expect(refusals[1]).toEqual(refusals[0]);

    // And forwards the list, finding where the real API disagrees with its spec.
    const answer = await fetch(`${origin}/p/${copy.slug}/orders`);
    expect(answer.headers.get('x-mock-proxied')).toBe('true');
    await answer.text();
    await expect
      .poll(async () => {
        const listed = await t.app.inject({
          url: `/backend/projects/${copy.id}/requests?path=/orders`,
          headers: { cookie: ann },
        });
        return listed.json().requests[0]?.drift;
      })
      .toEqual(['body[0].items[0].price: must be a number, got "12"']);
  });
});
