/**
 * Calls checked against the spec a project was imported from (issue 40), over a real port with
 * real accounts and the real database: the setting (off by default, refused when unknown),
 * report (answered as usual, X-Mock-Violations, the words in the verification API), enforce
 * (400, 401 and 422 problems in the same words), and a re-import that changes the contract.
 */
import type { AddressInfo } from 'node:net';
import type { Project } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

/** A pet shop whose list takes an integer `size` and whose add needs an api_key and a Pet. */
function spec(sizeType: 'integer' | 'string') {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    components: {
      securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'api_key' } },
      schemas: {
        Pet: {
          type: 'object',
          required: ['name'],
          properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
        },
      },
    },
    paths: {
      '/pets': {
        get: {
          parameters: [{ name: 'size', in: 'query', schema: { type: sizeType } }],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { example: [] } } },
          },
        },
        post: {
          security: [{ api_key: [] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          responses: {
            '201': { description: 'made', content: { 'application/json': { example: { id: 1 } } } },
          },
        },
      },
    },
  });
}

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let ann: string;
let origin: string;
let project: Project;

async function importSpec(text: string) {
  const res = await calls.importSpec(ann, project.id, text, 'pets.json');
  expect(res.statusCode, res.body).toBe(201);
}

async function setValidation(validation: string) {
  return calls.update(ann, project.id, { settings: { validation } });
}

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${origin}/p/${project.slug}${path}`, init);
const addPet = (body: unknown, headers: Record<string, string> = {}) =>
  call('/pets', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = projectCalls(t.app);
  ann = (await accountSteps(t.app, sink).signUp('ann@validation.test')).cookie;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const made = await calls.create(ann, { name: 'Validated pets' });
  expect(made.statusCode, made.body).toBe(201);
  project = made.json();
  await importSpec(spec('integer'));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('settings.validation', () => {
  it('is off by default: a call that breaks the spec is answered as usual, with no count', async () => {
    expect(project.settings.validation).toBe('off');
    const answer = await call('/pets?size=ten');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-mock-violations')).toBeNull();
  });

  it('refuses a mode it does not know, naming the choices', async () => {
    const res = await setValidation('strict');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('validation must be off, report or enforce');
  });

  it('report: answers as usual with X-Mock-Violations; the verification API lists the words', async () => {
    const set = await setValidation('report');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings.validation).toBe('report');
    const answer = await call('/pets?size=ten');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-mock-violations')).toBe('1');
    expect(await answer.json()).toEqual([]);
    const listed = await t.app.inject({
      url: `/backend/projects/${project.id}/requests?path=/pets`,
      headers: { cookie: ann },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const [logged] = listed.json().requests;
    expect(logged.violations).toEqual(['query.size: must be an integer, got "ten"']);
  });

  it('enforce: 400, 401 and 422 problems listing the violations in the same words', async () => {
    expect((await setValidation('enforce')).statusCode).toBe(200);
    const badQuery = await call('/pets?size=ten');
    expect(badQuery.status).toBe(400);
    expect(badQuery.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await badQuery.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: "The request breaks the API's OpenAPI description (1 violation)",
      violations: ['query.size: must be an integer, got "ten"'],
    });
    const anonymous = await addPet({ name: 'Rex' });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { violations: string[] }).violations).toEqual([
      'security: a credential is required: send the api_key header',
    ]);
    const badBody = await addPet({ name: 7 }, { api_key: 'k' });
    expect(badBody.status).toBe(422);
    expect(((await badBody.json()) as { violations: string[] }).violations).toEqual([
      'body.name: must be a string, got 7',
    ]);
    const fine = await addPet({ name: 'Rex' }, { api_key: 'k' });
    expect(fine.status).toBe(201);
  });

  it('a re-import replaces the contract the calls are checked against', async () => {
    expect((await setValidation('enforce')).statusCode).toBe(200);
    await importSpec(spec('string'));
    const answer = await call('/pets?size=ten');
    expect(answer.status).toBe(200);
  });
});
