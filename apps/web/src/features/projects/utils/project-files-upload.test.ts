import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { projectFilesOf, specNamedBy, textsOfZip } from './project-files-upload.ts';

const PROJECT = 'name: Shop\nslug: shop\n';
const ROUTE = 'method: GET\npath: /users\nresponses: []\n';
const COLLECTION = 'name: orders\ntemplate: {}\n';

describe('projectFilesOf', () => {
  it('reads a folder one level down, leaving out what the reader does not read', () => {
    expect(
      projectFilesOf([
        { path: 'mocks/mocksmith.yaml', text: PROJECT },
        { path: 'mocks/routes/get-users.yaml', text: ROUTE },
        { path: 'mocks/.mocksmith/route.schema.json', text: '{}' },
        { path: 'mocks/README.md', text: '# hi' },
        { path: 'other/routes/x.yaml', text: ROUTE },
      ]),
    ).toEqual({
      ok: true,
      files: { 'mocksmith.yaml': PROJECT, 'routes/get-users.yaml': ROUTE },
    });
  });

  it('places loose files by what they hold', () => {
    expect(
      projectFilesOf([
        { path: 'mocksmith.yaml', text: PROJECT },
        { path: 'get-users.yaml', text: ROUTE },
        { path: 'orders.yaml', text: COLLECTION },
      ]),
    ).toEqual({
      ok: true,
      files: {
        'mocksmith.yaml': PROJECT,
        'routes/get-users.yaml': ROUTE,
        'collections/orders.yaml': COLLECTION,
      },
    });
  });

  it('keeps the spec the project file names where it names it, not as a loose file', () => {
    const spec = '{"openapi": "3.0.3", "paths": {}}';
    const project = `${PROJECT}spec: openapi.json\n`;
    expect(
      projectFilesOf([
        { path: 'shop/mocksmith.yaml', text: project },
        { path: 'shop/openapi.json', text: spec },
        { path: 'shop/routes/get-users.yaml', text: ROUTE },
      ]),
    ).toEqual({
      ok: true,
      files: {
        'mocksmith.yaml': project,
        'openapi.json': spec,
        'routes/get-users.yaml': ROUTE,
      },
    });
    // Loose: the spec stays at the root, the route is placed by what it holds.
    expect(
      projectFilesOf([
        { path: 'mocksmith.yaml', text: `${PROJECT}spec: 'api/orders.yaml' # the real API\n` },
        { path: 'api/orders.yaml', text: 'openapi: 3.0.3\n' },
        { path: 'get-users.yaml', text: ROUTE },
      ]),
    ).toMatchObject({
      ok: true,
      files: { 'api/orders.yaml': 'openapi: 3.0.3\n', 'routes/get-users.yaml': ROUTE },
    });
    expect(specNamedBy('{"name": "Shop", "spec": "./openapi.json"}')).toBe('openapi.json');
    expect(specNamedBy(PROJECT)).toBeNull();
  });

  it('says when the project’s own files or its spec are too large', () => {
    const project = `${PROJECT}spec: openapi.json\n`;
    expect(
      projectFilesOf([
        { path: 'mocksmith.yaml', text: project },
        { path: 'openapi.json', text: 'x'.repeat(10 * 1024 * 1024 + 1) },
      ]),
    ).toEqual({ ok: false, message: 'openapi.json holds more than 10 MB' });
    expect(
      projectFilesOf([
        { path: 'mocksmith.yaml', text: project },
        { path: 'openapi.json', text: 'x'.repeat(9 * 1024 * 1024) },
        { path: 'routes/big.yaml', text: 'x'.repeat(7 * 1024 * 1024) },
      ]),
    ).toEqual({
      ok: false,
      message: 'The project file, routes and collections hold more than 7 MB',
    });
  });

  it('says when the project file is missing', () => {
    expect(projectFilesOf([{ path: 'get-users.yaml', text: ROUTE }])).toEqual({
      ok: false,
      message: 'No project file: the upload needs mocksmith.yaml (or mocksmith.json)',
    });
  });
});

describe('textsOfZip', () => {
  it('unpacks the project files of a zip, and refuses what is no zip', () => {
    const zip = zipSync({
      'shop/mocksmith.yaml': strToU8(PROJECT),
      'shop/routes/get-users.yaml': strToU8(ROUTE),
      'shop/logo.png': new Uint8Array([1, 2, 3]),
    });
    const texts = textsOfZip(zip);
    expect(texts).toEqual([
      { path: 'shop/mocksmith.yaml', text: PROJECT },
      { path: 'shop/routes/get-users.yaml', text: ROUTE },
    ]);
    expect(textsOfZip(strToU8('not a zip'))).toBe('The zip could not be read: is it a zip file?');
  });
});
