/**
 * The spec a project's files name (`spec: openapi.json`, issue 40), pushed into the hosted
 * service or made a new project of, over HTTP with the real database: the routes at its
 * operations are checked against them as after an OpenAPI import, as the runner checks them;
 * a spec not among the files sent, or no spec at all, is named as a problem of the project file.
 */
import type { Project } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

const spec = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': { description: 'the pets' } },
      },
    },
  },
});

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let ann: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = projectCalls(t.app);
  ann = (await accountSteps(t.app, sink).signUp('ann@files-spec.test')).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** A project with GET /pets and validation `report`, and its files naming the spec. */
async function pulledWithSpec(name: string) {
  const made = await calls.create(ann, { name });
  expect(made.statusCode, made.body).toBe(201);
  const project: Project = made.json();
  const route = await calls.createRoute(ann, project.id, {
    method: 'GET',
    path: '/pets',
    responses: [{ name: 'ok', status: 200, template: '[]' }],
  });
  expect(route.statusCode, route.body).toBe(201);
  expect(
    (await calls.update(ann, project.id, { settings: { validation: 'report' } })).statusCode,
  ).toBe(200);
  const pulled = await calls.call('GET', `/backend/projects/${project.id}/export/files`, ann);
  expect(pulled.statusCode, pulled.body).toBe(200);
  const { files, project: origin } = pulled.json() as {
    files: Record<string, string>;
    project: { version: number };
  };
  const projectFile = files['mocksmith.yaml'];
  expect(projectFile).toBeDefined();
  return {
    project,
    version: origin.version,
    files: {
      ...files,
      'mocksmith.yaml': `${projectFile}spec: openapi.json\n`,
      'openapi.json': spec,
    },
  };
}

const violations = async (slug: string) =>
  (await t.app.inject({ url: `/p/${slug}/pets?limit=ten` })).headers['x-mock-violations'];

describe('the spec a project’s files name', () => {
  it('checks the calls of its routes after a push, as after an OpenAPI import', async () => {
    const { project, version, files } = await pulledWithSpec('Pushed pets');
    // Before: the route was made by hand and carries no contract.
    expect(await violations(project.slug)).toBeUndefined();
    const pushed = await calls.call('PUT', `/backend/projects/${project.id}/files`, ann, {
      files,
      baseVersion: version,
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json().applied).toBe(true);
    expect(await violations(project.slug)).toBe('1');
    // The same files again change nothing.
    const again = await calls.call('PUT', `/backend/projects/${project.id}/files`, ann, {
      files,
      baseVersion: pushed.json().project.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().applied).toBe(false);
  });

  it('makes a new project whose routes are checked against it', async () => {
    const { files } = await pulledWithSpec('Pets to copy');
    const made = await calls.call('POST', '/backend/projects/import/files', ann, { files });
    expect(made.statusCode, made.body).toBe(201);
    expect(await violations(made.json().project.slug)).toBe('1');
  });

  it('names a spec not among the files sent, or one that is no spec, and changes nothing', async () => {
    const { project, version, files } = await pulledWithSpec('Half sent');
    const { 'openapi.json': _, ...withoutSpec } = files;
    const missing = await calls.call('PUT', `/backend/projects/${project.id}/files`, ann, {
      files: withoutSpec,
      baseVersion: version,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'The files have a problem: mocksmith.yaml: spec: openapi.json is not among the files sent',
    );
    const broken = await calls.call('PUT', `/backend/projects/${project.id}/files`, ann, {
      files: { ...files, 'openapi.json': '{"openapi": "3.0.3", "paths": ' },
      baseVersion: version,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(
      /^The files have a problem: mocksmith\.yaml: spec: openapi\.json: /,
    );
    expect(await violations(project.slug)).toBeUndefined();
  });

  it('takes a spec beside files as large as a project’s own, each part bounded apart', async () => {
    const { project, version, files } = await pulledWithSpec('Large spec');
    // A spec of 9 MB (an 8 MB push used to hold the spec and the files together).
    const large = JSON.stringify({
      ...JSON.parse(spec),
      info: { title: 'Pets', version: '1', description: 'x'.repeat(9 * 1024 * 1024) },
    });
    const pushed = await calls.call('PUT', `/backend/projects/${project.id}/files`, ann, {
      files: { ...files, 'openapi.json': large },
      baseVersion: version,
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(await violations(project.slug)).toBe('1');
    const exported = await calls.call('GET', `/backend/projects/${project.id}/export/files`, ann);
    expect(exported.json().files['openapi.json']).toBe(large);

    const own = await calls.call('PUT', `/backend/projects/${project.id}/files`, ann, {
      files: { ...files, 'routes/padding.yaml': `#${'x'.repeat(8 * 1024 * 1024)}` },
      force: true,
    });
    expect([own.statusCode, own.json().message]).toEqual([
      413,
      'The project file, routes and collections come to more than 8 MB',
    ]);
    const other = await calls.call('PUT', `/backend/projects/${project.id}/files`, ann, {
      files: { ...files, 'openapi.json': `${spec}${' '.repeat(10 * 1024 * 1024)}` },
      force: true,
    });
    expect([other.statusCode, other.json().message]).toEqual([
      413,
      "The files beside the project's own (its spec) come to more than 10 MB, an OpenAPI file's most",
    ]);
  });

  it('exports a spec pushed under a name a pull would not write under the usual name', async () => {
    const { project, version, files } = await pulledWithSpec('Spaced spec');
    const { 'openapi.json': text, ...rest } = files;
    const pushed = await calls.call('PUT', `/backend/projects/${project.id}/files`, ann, {
      files: {
        ...rest,
        'mocksmith.yaml': (files['mocksmith.yaml'] ?? '').replace(
          'spec: openapi.json',
          'spec: specs/my pets.json',
        ),
        'specs/my pets.json': text,
      },
      baseVersion: version,
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const exported = (
      await calls.call('GET', `/backend/projects/${project.id}/export/files`, ann)
    ).json().files as Record<string, string>;
    expect(exported['openapi.json']).toBe(text);
    expect(exported['specs/my pets.json']).toBeUndefined();
    expect(exported['mocksmith.yaml']).toContain('\nspec: openapi.json\n');
  });
});
