/**
 * The runner checks calls against the OpenAPI file it serves (issue 40), through the engine's
 * step as the service does: report answers as usual with X-Mock-Violations and lists the words
 * in the verification API; enforce refuses with a problem. Real HTTP, no database.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProjectBundle, writeProjectFiles } from '@mocksmith/core/project-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, readProjectDirectory, startMockServer } from '../src/index.ts';
import { okRoute } from './fixtures/routes.ts';

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
    const [call] = ((await listed.json()) as { requests: { violations: string[] }[] }).requests;
    expect(call?.violations).toEqual([
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

describe('a directory whose project names its spec', () => {
  let dir: string;
  let server: MockServer;
  const bundle = (spec: string): ProjectBundle => ({
    project: {
      name: 'Pets',
      slug: 'pets',
      seed: 1,
      spec,
      settings: {
        overrides: true,
        network: null,
        replay: false,
        logging: true,
        authToken: null,
        validation: 'enforce',
      },
    },
    routes: [okRoute('/pets', { method: 'POST' }), okRoute('/health')],
    collections: [],
  });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mocksmith-spec-'));
    for (const [file, text] of writeProjectFiles(bundle('specs/petstore.yaml'), 'yaml')) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    await mkdir(join(dir, 'specs'));
    await copyFile(PETSTORE, join(dir, 'specs/petstore.yaml'));
    server = await startMockServer({ dir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('checks the routes at its operations against it, and leaves the others alone', async () => {
    const refused = await post(`${server.url}/pets`, { id: 'one', name: 'Rex' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { violations: string[] }).violations).toEqual([
      'body.id: must be an integer, got "one"',
    ]);
    expect((await post(`${server.url}/pets`, { id: 1, name: 'Rex' })).status).toBe(200);
    expect((await fetch(`${server.url}/health?anything=1`)).status).toBe(200);
  });

  it('says so at the project file when the spec cannot be read', async () => {
    const other = await mkdtemp(join(tmpdir(), 'mocksmith-spec-'));
    for (const [file, text] of writeProjectFiles(bundle('missing.yaml'), 'yaml')) {
      await mkdir(dirname(join(other, file)), { recursive: true });
      await writeFile(join(other, file), text);
    }
    const read = await readProjectDirectory(other);
    await rm(other, { recursive: true, force: true });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems).toEqual([
      { file: 'mocksmith.yaml', message: expect.stringMatching(/^spec: .*missing\.yaml: /) },
    ]);
  });
});
