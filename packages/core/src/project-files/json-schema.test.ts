import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import collectionSchema from '../../schemas/collection.schema.json' with { type: 'json' };
import projectSchema from '../../schemas/project.schema.json' with { type: 'json' };
import routeSchema from '../../schemas/route.schema.json' with { type: 'json' };
import type { ProjectBundle } from './bundle.ts';
import { FILE_KINDS, fileJsonSchema, fileJsonSchemaText } from './json-schema.ts';
import { writeProjectFiles } from './write.ts';

const COMMITTED = { project: projectSchema, route: routeSchema, collection: collectionSchema };

describe('the JSON Schemas of the files', () => {
  it.each(FILE_KINDS)(
    'packages/core/schemas/%s.schema.json is what the format makes (npm run build:file-schemas -w @mocksmith/core writes it)',
    (kind) => {
      expect(`${JSON.stringify(COMMITTED[kind], null, 2)}\n`).toBe(fileJsonSchemaText(kind));
    },
  );

  it('lets a file name its schema, refuses keys it does not know, and asks for tokens by reference', () => {
    const route = fileJsonSchema('route') as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
      required: string[];
    };
    expect(Object.keys(route.properties)).toContain('$schema');
    expect(route.additionalProperties).toBe(false);
    expect(route.required).toEqual(['method', 'path', 'responses']);
    expect(JSON.stringify(route.properties.authToken)).toContain('"env"');
  });

  it('accepts every file that writing makes, in YAML and in JSON, and refuses a token written in', () => {
    const ajv = new Ajv2020({ strict: false });
    const check = {
      project: ajv.compile(fileJsonSchema('project')),
      route: ajv.compile(fileJsonSchema('route')),
      collection: ajv.compile(fileJsonSchema('collection')),
    };
    const bundle: ProjectBundle = {
      project: {
        name: 'Shop',
        slug: 'shop',
        seed: 1,
        settings: {
          overrides: true,
          network: { latency: { kind: 'uniform', min: 10, max: 50 }, fault: null, rateLimit: null },
          replay: false,
          logging: true,
          authToken: { env: 'SHOP_TOKEN' },
        },
      },
      routes: [
        {
          method: 'GET',
          path: '/users/{id}',
          mode: 'random',
          overrides: false,
          network: null,
          authToken: { env: 'USERS_TOKEN' },
          rules: [
            {
              combine: 'all',
              conditions: [{ source: 'param', name: 'id', operator: 'in', values: ['1', '2'] }],
              response: 'ok',
            },
          ],
          responses: [
            {
              name: 'ok',
              status: 200,
              template: '{"id": "uuid"}',
              headers: [{ name: 'X-One', value: '1' }],
              delay: 5,
              isDefault: true,
              when: { header: 'x-target', equals: 'Get' },
            },
          ],
        },
      ],
      collections: [
        {
          name: 'orders',
          path: '/orders',
          template: { id: 'uuid' },
          count: 3,
          unknownFields: 'keep',
          cascade: true,
          authToken: null,
        },
      ],
    };
    for (const format of ['yaml', 'json'] as const) {
      for (const [file, text] of writeProjectFiles(bundle, format)) {
        if (file.startsWith('.mocksmith/')) continue;
        const kind = file.startsWith('routes/')
          ? 'route'
          : file.startsWith('collections/')
            ? 'collection'
            : 'project';
        const valid = check[kind](format === 'yaml' ? parse(text) : JSON.parse(text));
        expect({ file, errors: check[kind].errors ?? null }).toEqual({ file, errors: null });
        expect(valid).toBe(true);
      }
    }
    const literal = { name: 'orders', template: {}, authToken: `mck_${'a'.repeat(32)}` };
    expect(check.collection(literal)).toBe(false);
  });
});
