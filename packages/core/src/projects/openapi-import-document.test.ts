import { describe, expect, it } from 'vitest';
import { importTexts } from '../errors.ts';
import { documentOperations, openDocument } from './openapi-import-document.ts';

describe('openDocument', () => {
  it('opens a document of a known version with the import budget', () => {
    const opened = openDocument({ openapi: '3.1.0', info: {}, paths: {} }, 1234);
    expect(opened.ok && opened.context.dialect).toBe('3.1');
    expect(opened.ok && opened.context.budget).toEqual({ used: 0, limit: 1234 });
  });

  it('refuses another version in the words of both imports', () => {
    expect(openDocument({ swagger: '1.2' }, 10)).toEqual({
      ok: false,
      reason: importTexts.unsupportedVersion('1.2'),
    });
    expect(openDocument('text', 10)).toEqual({
      ok: false,
      reason: importTexts.unsupportedVersion('string'),
    });
  });
});

describe('documentOperations', () => {
  it('lists the operations in order, whatever their method, with their parameters merged', () => {
    const shared = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    const own = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
    const query = { name: 'q', in: 'query' };
    const document = {
      paths: {
        '/a/{id}': {
          parameters: [shared, query],
          summary: 'not an operation',
          get: { parameters: [own] },
          trace: {},
          'x-other': {},
        },
        '/b': { post: {}, put: 'not an object' },
      },
    };
    const found = [...documentOperations(document)];
    expect(found.map(({ label, key }) => `${label} ${key}`)).toEqual([
      'GET /a/{id} get',
      'TRACE /a/{id} trace',
      'POST /b post',
    ]);
    expect(found[0]?.parameters).toEqual([own, query]);
    expect(found[0]?.specPath).toBe('/a/{id}');
  });
});
