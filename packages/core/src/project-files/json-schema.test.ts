import { describe, expect, it } from 'vitest';
import collectionSchema from '../../schemas/collection.schema.json' with { type: 'json' };
import projectSchema from '../../schemas/project.schema.json' with { type: 'json' };
import routeSchema from '../../schemas/route.schema.json' with { type: 'json' };
import { FILE_KINDS, fileJsonSchema, fileJsonSchemaText } from './json-schema.ts';

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
});
