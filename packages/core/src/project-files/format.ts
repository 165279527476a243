/**
 * The files of a project directory (issue 38), as zod schemas: the project file
 * (`mocksmith.yaml`), one file per route (`routes/*.yaml`) and one per collection
 * (`collections/*.yaml`), in YAML or JSON. Each field reuses the management API's schema, so a
 * file accepts what the API accepts, with the same words; what differs is what a file writes
 * otherwise: a template as a value rather than JSON text, a token as the name of the environment
 * variable that holds it, and `mode` for the API's `responseMode`. The JSON Schemas the editors
 * read are made from these (json-schema.ts).
 */
import { MAX_RESPONSES_PER_ROUTE, MAX_ROUTES_PER_PROJECT } from '../projects/model.ts';
import { createCollectionInputSchema } from '../schemas/collections.ts';
import { networkProfileSchema } from '../schemas/network.ts';
import {
  checkRouteResponses,
  createProjectInputSchema,
  projectSettingsSchema,
  routeInputSchema,
  routeResponseInputSchema,
  slugSchema,
} from '../schemas/projects.ts';
import { proxySettingsInputSchema } from '../schemas/proxy.ts';
import { routeRulesSchema } from '../schemas/rules.ts';
import { z } from '../schemas/zod.ts';

/** The name of an environment variable: a letter or _, then letters, digits or _. */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

const TOKEN_MESSAGE =
  'authToken names the environment variable that holds the token ({ env: NAME }), never the token itself';

/** A token as a file writes it: `{ env: MOCK_TOKEN }`; the runner reads the variable. */
export const tokenReferenceSchema = z
  .strictObject(
    {
      env: z.string({ error: TOKEN_MESSAGE }).regex(ENV_NAME_PATTERN, {
        error:
          'env must be the name of an environment variable: a letter or _, then letters, digits or _',
      }),
    },
    { error: TOKEN_MESSAGE },
  )
  .describe('The environment variable that holds the bearer token: { env: NAME }');

/** A token reference, or none (null or left out). */
const optionalTokenSchema = tokenReferenceSchema.nullish().transform((token) => token ?? null);

/** `$schema`: which JSON Schema an editor checks the file with; reading ignores it. */
const schemaKey = z
  .string()
  .optional()
  .describe('The JSON Schema of this file, for editors; ignored when the project is read');

/** The seed of a project's collections and of its replayed delays and faults. */
const seedSchema = z
  .number({ error: 'seed must be a whole number' })
  .int({ error: 'seed must be a whole number' })
  .min(-2147483648, { error: 'seed must be a 32-bit whole number' })
  .max(2147483647, { error: 'seed must be a 32-bit whole number' });

const SPEC_MESSAGE =
  'spec must be the path of an OpenAPI file inside the directory, relative to it (such as openapi.yaml)';

/**
 * The OpenAPI file the project's routes were made from, relative to the directory: the runner
 * checks the calls of the routes at its operations' methods and paths against it.
 */
const specSchema = z
  .string({ error: SPEC_MESSAGE })
  .trim()
  .min(1, { error: SPEC_MESSAGE })
  .max(500, { error: SPEC_MESSAGE })
  .refine((path) => !/^[/\\]|^[a-zA-Z]:|(?:^|[/\\])\.\.(?:[/\\]|$)|\0/.test(path), {
    error: SPEC_MESSAGE,
  })
  .describe(
    'The OpenAPI file the routes were made from, relative to the directory: with settings.validation report or enforce, the calls of the routes at its operations are checked against it',
  );

/** The project file, `mocksmith.yaml` (or `.json`) at the directory's root. */
export const projectFileSchema = z.strictObject({
  $schema: schemaKey,
  name: createProjectInputSchema.shape.name,
  slug: slugSchema,
  seed: seedSchema.default(0),
  spec: specSchema.optional(),
  settings: projectSettingsSchema
    .extend({
      authToken: optionalTokenSchema.default(null),
      // Written only when set: a project without a proxy has files without the key.
      proxy: proxySettingsInputSchema.nullable().optional(),
    })
    .strict()
    .default({
      overrides: true,
      network: null,
      replay: false,
      logging: true,
      authToken: null,
      validation: 'off',
    }),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;
export type ProjectFileInput = z.input<typeof projectFileSchema>;

/**
 * A template in a file: the JSON value itself, written as YAML or JSON, not JSON text. Whether
 * it is a valid template is the template checker's to say (read.ts), as the API's save does.
 */
const templateValueSchema = z
  .custom<unknown>((value) => value !== undefined, { error: 'template is required' })
  .describe('The JSON template of the body, as a value (an object or a list)');

/** One named response in a route file. */
export const responseFileSchema = routeResponseInputSchema
  .extend({ template: templateValueSchema })
  .strict();

/** A route file, `routes/<name>.yaml`: one method at one path, its responses and options. */
export const routeFileSchema = z
  .strictObject({
    $schema: schemaKey,
    method: routeInputSchema.shape.method.describe(
      'The HTTP method it answers: GET, POST, PUT, PATCH or DELETE',
    ),
    path: routeInputSchema.shape.path.describe(
      'Its path in the project: /users/{id}, /users/{id:integer}, /files/* (any rest)',
    ),
    name: routeInputSchema.shape.name.describe('The name the project page shows it by'),
    mode: routeInputSchema.shape.responseMode.describe(
      'How it picks among its responses when the call names none (Prefer) and no rule picks one',
    ),
    overrides: routeInputSchema.shape.overrides.describe(
      'Whether callers may override its answer (?__status, ?__delay, Prefer)',
    ),
    network: networkProfileSchema
      .nullable()
      .default(null)
      .describe("Its own network profile (latency, faults, rate limit); null: the project's"),
    rules: routeRulesSchema
      .default([])
      .describe('In order: the first rule the call matches picks its response'),
    authToken: optionalTokenSchema,
    responses: z
      .array(responseFileSchema)
      .min(1, { error: 'a route needs at least one response' })
      .max(MAX_RESPONSES_PER_ROUTE, {
        error: `a route holds at most ${MAX_RESPONSES_PER_ROUTE} responses`,
      })
      .describe(
        'Its named responses; the one with default: true (else the first) answers when nothing picks another',
      ),
  })
  .superRefine(checkRouteResponses);
export type RouteFile = z.infer<typeof routeFileSchema>;
export type RouteFileInput = z.input<typeof routeFileSchema>;

const collectionShape = createCollectionInputSchema.shape;

/** A collection file, `collections/<name>.yaml`: its records' template, count and options. */
export const collectionFileSchema = z.strictObject({
  $schema: schemaKey,
  name: collectionShape.name,
  path: collectionShape.path,
  template: collectionShape.template,
  count: collectionShape.count,
  unknownFields: collectionShape.unknownFields,
  cascade: collectionShape.cascade,
  authToken: optionalTokenSchema,
});
export type CollectionFile = z.infer<typeof collectionFileSchema>;
export type CollectionFileInput = z.input<typeof collectionFileSchema>;

/** The three kinds of file, by the name of their JSON Schema. */
export const FILE_SCHEMAS = {
  project: projectFileSchema,
  route: routeFileSchema,
  collection: collectionFileSchema,
} as const;
export type FileKind = keyof typeof FILE_SCHEMAS;

/** The most routes a directory holds: as many as a hosted project. */
export { MAX_ROUTES_PER_PROJECT };
