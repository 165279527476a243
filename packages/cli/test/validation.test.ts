/**
 * The runner checks calls against the OpenAPI file it serves (issue 40), through the engine's
 * step as the service does: report answers as usual with X-Mock-Violations and lists the words
 * in the verification API; enforce refuses with a problem. Real HTTP, no database.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../src/index.ts';

const PETSTORE = fileURLToPath(new URL('./fixtures/petstore.yaml', import.meta.url));

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('mocksmith serve --validate', () => {
  let reporting: MockServer;
  let enforcing: MockServer;
  beforeAll(async () => {
    reporting = await startMockServer({ openapi: PETSTORE, validation: 'report' });
    enforcing = await startMockServer({ openapi: PETSTORE, validation: 'enforce' });
  });
  afterAll(() => Promise.all([reporting.close(), enforcing.close()]));

  it('report: answers as usual, counts the violations in a header, lists them for verification', async () => {
    const answer = await post(`${reporting.url}/pets`, { id: 'one' });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-mock-violations')).toBe('2');
    const listed = await fetch(`${reporting.url}/backend/projects/petstore/requests`);
    const [call] = (await listed.json()).requests;
    expect(call.violations).toEqual([
      'body.name: is required',
      'body.id: must be an integer, got "one"',
    ]);
    const fine = await post(`${reporting.url}/pets`, { id: 1, name: 'Rex' });
    expect(fine.headers.get('x-mock-violations')).toBeNull();
  });

  it('enforce: refuses a body that breaks its schema with 422 and a problem in the same words', async () => {
    const answer = await post(`${enforcing.url}/pets`, { id: 'one', name: 'Rex' });
    expect(answer.status).toBe(422);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(await answer.json()).toMatchObject({
      status: 422,
      violations: ['body.id: must be an integer, got "one"'],
    });
    const fine = await post(`${enforcing.url}/pets`, { id: 1, name: 'Rex' });
    expect(fine.status).toBe(201);
  });
});
