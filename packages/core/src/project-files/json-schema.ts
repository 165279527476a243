/**
 * The JSON Schemas editors check a project's files with (VS Code, JetBrains, the YAML language
 * server), made from the zod schemas of format.ts so that they never say otherwise. The
 * committed copies in packages/core/schemas/ are written by `npm run build:file-schemas` and
 * a test keeps them equal to these; a written directory carries them in `.mocksmith/`.
 */

import { ROUTE_METHODS } from '../projects/model.ts';
import { z } from '../schemas/zod.ts';
import { FILE_SCHEMAS, type FileKind, responseFileSchema, routeFileSchema } from './format.ts';

const TITLES: Record<FileKind, { title: string; description: string }> = {
  project: {
    title: 'Mocksmith project file',
    description:
      "mocksmith.yaml at a project directory's root: the project's name, slug, seed and settings",
  },
  route: {
    title: 'Mocksmith route file',
    description: 'routes/*.yaml: one route of a project, its method, path and named responses',
  },
  collection: {
    title: 'Mocksmith collection file',
    description: 'collections/*.yaml: one collection of a project, its record template and count',
  },
};

/** The file kinds, in the order their schemas are written. */
export const FILE_KINDS: readonly FileKind[] = ['project', 'route', 'collection'];

/** The file name of a kind's JSON Schema: `route.schema.json`. */
export const schemaFileName = (kind: FileKind) => `${kind}.schema.json`;

/**
 * A kind's JSON Schema (draft 2020-12) of what a file may hold: the schema's input side, since
 * a file may leave out what has a default. What JSON Schema cannot say (a template's rules, a
 * path's syntax) is left to `mocksmith validate`.
 */
export function fileJsonSchema(kind: FileKind): Record<string, unknown> {
  const schema = z.toJSONSchema(FILE_SCHEMAS[kind], {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // The method is upper-cased before it is checked: an editor completes either case.
      if (zodSchema === routeFileSchema.shape.method) {
        jsonSchema.enum = [
          ...ROUTE_METHODS,
          ...ROUTE_METHODS.map((method) => method.toLowerCase()),
        ];
      }
      // A route's template is any JSON value the template language takes: an object or a list.
      if (zodSchema === responseFileSchema.shape.template) jsonSchema.type = ['object', 'array'];
    },
  });
  const { $schema, ...rest } = schema;
  return { $schema, ...TITLES[kind], ...rest };
}

const texts = new Map<FileKind, string>();

/** A kind's JSON Schema as its file holds it (made once: every written directory carries it). */
export function fileJsonSchemaText(kind: FileKind): string {
  let text = texts.get(kind);
  if (text === undefined) {
    text = `${JSON.stringify(fileJsonSchema(kind), null, 2)}\n`;
    texts.set(kind, text);
  }
  return text;
}
