import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';

/**
 * Which schema dialect a document speaks: Swagger 2.0 and OpenAPI 3.0 schemas are JSON Schema
 * draft 04 (boolean exclusive bounds; 3.0 adds `nullable`), OpenAPI 3.1 schemas are JSON Schema
 * 2020-12 (`type` arrays with "null").
 */
export type Dialect = '2.0' | '3.0' | '3.1';

/** The dialect of a document, or undefined when it is none of the three. */
export function dialectOf(document: unknown): Dialect | undefined {
  if (typeof document !== 'object' || document === null) return undefined;
  const { openapi, swagger } = document as { openapi?: unknown; swagger?: unknown };
  if (typeof openapi === 'string') {
    if (openapi.startsWith('3.0')) return '3.0';
    if (openapi.startsWith('3.1')) return '3.1';
  }
  if (swagger === '2.0') return '2.0';
  return undefined;
}

/** Checks a value against a schema: the problems found, none when the value is valid. */
export type SchemaCheck = (value: unknown) => string[];

/**
 * A JSON Schema validator for one dialect, built on ajv: `check(schema)` compiles a response
 * schema (once per schema object) into a function listing the problems of a value. Unknown
 * keywords (`example`, `xml`, `discriminator`, `x-...`) are ignored, and the OpenAPI formats
 * (`int32`, `int64`, `float`, `double`, `byte`, `binary`, `password`) are known.
 *
 * Before ajv sees it, a schema is read as an answer is: see {@link toValidationSchema}.
 * `check` throws when ajv cannot compile the schema (an invalid regular expression, say).
 */
export interface SchemaValidator {
  readonly dialect: Dialect;
  check(schema: unknown): SchemaCheck;
}

/** Builds the validator of a dialect. Each validator has its own ajv instance and cache. */
export function createSchemaValidator(dialect: Dialect): SchemaValidator {
  const options = { strict: false, allErrors: true, logger: false as const };
  const ajv = dialect === '3.1' ? new Ajv2020(options) : new AjvDraft04(options);
  addFormats(ajv as unknown as Ajv);
  // A check per schema object, and one per schema text: the planner asks about fresh objects
  // (a leaf's schema without its children), and a large document repeats the same leaves.
  const byObject = new WeakMap<object, SchemaCheck>();
  const byText = new Map<string, SchemaCheck>();
  return {
    dialect,
    check(schema) {
      if (typeof schema !== 'object' || schema === null) {
        return schema === false ? () => ['the schema accepts no value'] : () => [];
      }
      const known = byObject.get(schema);
      if (known) return known;
      const prepared = toValidationSchema(schema, dialect);
      const text = JSON.stringify(prepared);
      let check = byText.get(text);
      if (!check) {
        const compiled = ajv.compile(prepared) as ValidateFunction;
        check = (value) =>
          compiled(value)
            ? []
            : (compiled.errors ?? []).map(
                (e) => `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? ''}`,
              );
        byText.set(text, check);
      }
      byObject.set(schema, check);
      return check;
    },
  };
}

// Keys whose values are data or documentation, never schemas: copied as they are.
const DATA_KEYS = new Set([
  'enum',
  'const',
  'example',
  'examples',
  'default',
  'xml',
  'externalDocs',
  'discriminator',
  'required',
  'type',
]);

// Keys whose values map names to schemas: a property called `enum` is a schema all the same.
const MAP_KEYS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
]);

/** The schemas directly under a schema (or under an array of schemas). */
function childrenOf(node: object): unknown[] {
  if (Array.isArray(node)) return node;
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYS.has(key)) continue;
    if (MAP_KEYS.has(key) && typeof value === 'object' && value !== null) {
      out.push(...Object.values(value));
    } else out.push(value);
  }
  return out;
}

/**
 * A copy of a dereferenced schema that ajv can compile, read as the schema of an answer:
 * - a cycle of object references (what swagger-parser leaves of a circular `$ref`) becomes a
 *   `$ref` into `$defs` (2020-12) or `definitions` (draft 04), so ajv never loops;
 * - `writeOnly` properties are not required (OpenAPI: they are required in requests only); read
 *   as a request's (`reading`), `readOnly` properties are not;
 * - `nullable` without `type` is dropped (OpenAPI 3.0.3: it then adds nothing; ajv refuses it);
 * - `$id` and `$schema` are dropped, so that schemas sharing an `$id` compile side by side.
 */
export function toValidationSchema(
  schema: object,
  dialect: Dialect,
  reading: 'response' | 'request' = 'response',
): object {
  const defsKey = dialect === '3.1' ? '$defs' : 'definitions';
  // First, the objects met again while on the current path: the targets of cycles.
  const recursive = new Set<object>();
  const onPath = new Set<object>();
  const done = new Set<object>();
  const find = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (onPath.has(node)) {
      recursive.add(node);
      return;
    }
    if (done.has(node)) return;
    onPath.add(node);
    for (const child of childrenOf(node)) find(child);
    onPath.delete(node);
    done.add(node);
  };
  find(schema);

  const names = new Map<object, string>();
  const defs: Record<string, unknown> = {};
  const copies = new Map<object, unknown>();
  const copy = (node: unknown, top = false): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (recursive.has(node) && !top) {
      let name = names.get(node);
      if (!name) {
        name = `s${names.size}`;
        names.set(node, name);
        defs[name] = copy(node, true);
      }
      return { $ref: `#/${defsKey}/${name}` };
    }
    const known = copies.get(node);
    if (known !== undefined && !top) return known;
    let out: unknown;
    if (Array.isArray(node)) out = node.map((child) => copy(child));
    else out = copySchema(node as Record<string, unknown>, copy, reading);
    if (!top) copies.set(node, out);
    return out;
  };
  const root = recursive.has(schema) ? copy(schema) : copy(schema, true);
  if (names.size === 0) return root as object;
  return { allOf: [root], [defsKey]: defs };
}

function copySchema(
  node: Record<string, unknown>,
  copy: (child: unknown) => unknown,
  reading: 'response' | 'request',
): Record<string, unknown> {
  // An answer need not hold its writeOnly properties, nor a request its readOnly ones.
  const unrequired = reading === 'response' ? 'writeOnly' : 'readOnly';
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === 'nullable' && node.type === undefined) continue;
    if (MAP_KEYS.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
    } else out[key] = DATA_KEYS.has(key) ? value : copy(value);
  }
  const properties = node.properties;
  if (Array.isArray(node.required) && typeof properties === 'object' && properties !== null) {
    const props = properties as Record<string, unknown>;
    out.required = node.required.filter((name) => {
      const property = props[name as string];
      return !(typeof property === 'object' && property !== null && unrequired in property
        ? (property as Record<string, unknown>)[unrequired] === true
        : false);
    });
    // Draft 04 refuses an empty `required`.
    if ((out.required as unknown[]).length === 0) delete out.required;
  }
  return out;
}
