import { getDataType } from '../data-types/lookup.ts';
import { mockUrl, STATUS_TEXTS, type StatusCode } from '../http.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import type { PostmanApi } from '../postman/collection.ts';
import type { Seed } from '../random.ts';
import { prepareTemplate } from '../template/compile.ts';
import {
  type Directive,
  type NumberSpec,
  readDirective,
  type StringSpec,
} from '../template/directives.ts';
import { MULTIPLY_KEY, parseMultiply } from '../template/multiply.ts';
import { parseTemplate } from '../template/parse.ts';
import { ROOT_PATH } from '../template/path.ts';
import { readStringTemplate } from '../template/references.ts';
import { DATA_TYPE_SCHEMAS } from './type-schemas.ts';

/** A JSON Schema of the OpenAPI 3.1 dialect (JSON Schema 2020-12), as the export writes it. */
export type JsonSchema = { [key: string]: JsonValue };

/** What the export reads of an API: the same fields as the Postman export. */
export type OpenApiExportApi = PostmanApi;

/** How to build a document. */
export interface OpenApiExportOptions {
  /** The origin the mock URLs live on (MOCK_ORIGIN): the document's server URL. */
  mockOrigin: string;
  /** The document's title (`info.title`). */
  title: string;
  /** The document's version (`info.version`); `1.0.0` by default. */
  version?: string;
  /**
   * The seed of every example body. By default each API's own request id, so that an example
   * is the body its URL answers with `?seed={requestId}`, as in the Postman export.
   */
  seed?: Seed;
}

/** The OpenAPI version the export writes. */
export const OPENAPI_VERSION = '3.1.0';

/** The name of the security scheme of the protected APIs. */
export const BEARER_SCHEME = 'bearerAuth';

/**
 * The JSON Schema (OpenAPI 3.1 dialect) that every body generated from `template` satisfies.
 * Objects list all their keys, required, with no other key allowed; arrays say their length
 * bounds (from `__multiply`) and their elements; literals are `const`; `__oneOf` is an `enum` of
 * literal choices, a `oneOf` of choices of distinct JSON types, else an `anyOf`; `__number` and
 * `__string` give their type, bounds, `multipleOf` and `pattern`; a catalogue type gives the
 * schema measured for it (type-schemas.ts: its JSON type, a format where every draw had it, the
 * keys of its objects). `template` is a parsed template, assumed valid (as saved).
 */
export function templateToSchema(template: JsonValue): JsonSchema {
  if (typeof template === 'string') {
    const type = getDataType(template);
    if (!type) {
      // A request reference: alone, the request's value with its own type (null when missing);
      // inside text, text.
      const read = readStringTemplate(template);
      if (read?.ok) return read.template.kind === 'whole' ? {} : { type: 'string' };
      return { const: template };
    }
    // A type measured after this file was generated still gets its JSON type.
    const known = DATA_TYPE_SCHEMAS[template];
    return known ? (JSON.parse(JSON.stringify(known)) as JsonSchema) : { type: type.kind };
  }
  if (template === null) return { type: 'null' };
  if (typeof template !== 'object') return { const: template };
  if (Array.isArray(template)) return arraySchema(template);
  const read = readDirective(template, ROOT_PATH);
  if (read?.ok) return directiveSchema(read.directive);
  return objectSchema(template);
}

function objectSchema(object: JsonObject): JsonSchema {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const key of Object.keys(object)) {
    if (key === MULTIPLY_KEY) continue;
    // `__proto__` as a plain assignment would set the prototype instead of a key.
    Object.defineProperty(properties, key, {
      value: templateToSchema(object[key] as JsonValue),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    required.push(key);
  }
  const out: JsonSchema = { type: 'object', properties, required };
  // ajv, like other validators guarding against prototype pollution, does not see a `__proto__`
  // property: closing such an object would refuse its own key.
  if (!required.includes('__proto__')) out.additionalProperties = false;
  return out;
}

function arraySchema(array: JsonValue[]): JsonSchema {
  const fixed: JsonSchema[] = [];
  const rest: JsonSchema[] = [];
  let min = 0;
  let max = 0;
  for (const element of array) {
    const range = isJsonObject(element) ? parseMultiply(element[MULTIPLY_KEY]) : undefined;
    const schema = templateToSchema(element);
    min += range?.min ?? 1;
    max += range?.max ?? 1;
    // Elements before the first `__multiply` stand at known places; the rest may be anywhere.
    if (range === undefined && rest.length === 0) fixed.push(schema);
    else if (range === undefined || range.max > 0) rest.push(schema);
  }
  const out: JsonSchema = { type: 'array' };
  if (fixed.length > 0) out.prefixItems = fixed;
  const items = distinct(rest);
  if (items.length === 0) out.items = false;
  else out.items = items.length === 1 ? (items[0] as JsonSchema) : { anyOf: items };
  out.minItems = min;
  out.maxItems = max;
  return out;
}

/** The schemas without repeats, in order. */
function distinct(schemas: JsonSchema[]): JsonSchema[] {
  const seen = new Set<string>();
  return schemas.filter((schema) => {
    const key = JSON.stringify(schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function directiveSchema(directive: Directive): JsonSchema {
  switch (directive.kind) {
    case 'literal':
      return { const: directive.value as JsonValue };
    case 'number':
      return numberSchema(directive.spec);
    case 'string':
      return stringSchema(directive.spec);
    case 'oneOf':
      return oneOfSchema(directive.choices as JsonValue[]);
  }
}

function numberSchema(spec: NumberSpec): JsonSchema {
  // Every value is `k * step` rounded to `decimals`: whole when there are none.
  const out: JsonSchema = { type: spec.decimals === 0 ? 'integer' : 'number' };
  out[spec.exclusiveMin ? 'exclusiveMinimum' : 'minimum'] = spec.min;
  out[spec.exclusiveMax ? 'exclusiveMaximum' : 'maximum'] = spec.max;
  if (spec.multipleOf !== undefined) out.multipleOf = spec.multipleOf;
  return out;
}

function stringSchema(spec: StringSpec): JsonSchema {
  const out: JsonSchema = { type: 'string', minLength: spec.minLength, maxLength: spec.maxLength };
  if (spec.pattern !== undefined) out.pattern = spec.pattern;
  return out;
}

function oneOfSchema(choices: JsonValue[]): JsonSchema {
  const constants = choices.map(constantOf);
  if (constants.every((c) => c !== undefined)) {
    const values = distinctValues(constants.map((c) => (c as { value: JsonValue }).value));
    return values.length === 1 ? { const: values[0] as JsonValue } : { enum: values };
  }
  const schemas = distinct(choices.map(templateToSchema));
  if (schemas.length === 1) return schemas[0] as JsonSchema;
  // oneOf says a body matches exactly one choice: true only when no two choices can give the
  // same value. Choices of pairwise distinct JSON types cannot; otherwise anyOf.
  const types = schemas.map(typesOf);
  const disjoint =
    types.every((t) => t !== undefined) &&
    new Set(types.flat()).size === types.reduce((n, t) => n + (t as string[]).length, 0);
  return disjoint ? { oneOf: schemas } : { anyOf: schemas };
}

function distinctValues(values: JsonValue[]): JsonValue[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The JSON types a schema's values may have, `integer` counted as `number` (they overlap), or
 * undefined when the schema does not say.
 */
function typesOf(schema: JsonSchema): string[] | undefined {
  const norm = (t: string) => (t === 'integer' ? 'number' : t);
  if (typeof schema.type === 'string') return [norm(schema.type)];
  if (Array.isArray(schema.type)) return [...new Set(schema.type.map((t) => norm(String(t))))];
  if ('const' in schema) return [jsonTypeOf(schema.const as JsonValue)];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map(jsonTypeOf))];
  for (const key of ['anyOf', 'oneOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const all = branches.map((b) => typesOf(b as JsonSchema));
    return all.every((t) => t !== undefined) ? [...new Set(all.flat() as string[])] : undefined;
  }
  return undefined;
}

function jsonTypeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The one value a template always gives, if it is a constant; mirrors compile.ts. */
function constantOf(template: JsonValue): { value: JsonValue } | undefined {
  if (typeof template === 'string')
    return getDataType(template) || readStringTemplate(template)?.ok
      ? undefined
      : { value: template };
  if (template === null || typeof template !== 'object') return { value: template };
  if (Array.isArray(template)) {
    const out: JsonValue[] = [];
    for (const element of template) {
      if (isJsonObject(element) && parseMultiply(element[MULTIPLY_KEY]) !== undefined)
        return undefined;
      const c = constantOf(element);
      if (!c) return undefined;
      out.push(c.value);
    }
    return { value: out };
  }
  const read = readDirective(template, ROOT_PATH);
  if (read?.ok) {
    const directive = read.directive;
    if (directive.kind === 'literal') return { value: directive.value as JsonValue };
    if (directive.kind === 'oneOf' && directive.choices.length === 1)
      return constantOf(directive.choices[0] as JsonValue);
    return undefined;
  }
  const out: JsonObject = {};
  for (const key of Object.keys(template)) {
    if (key === MULTIPLY_KEY) continue;
    const c = constantOf(template[key] as JsonValue);
    if (!c) return undefined;
    Object.defineProperty(out, key, {
      value: c.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { value: out };
}

/** An OpenAPI 3.1.0 document, as the export writes it. */
export interface OpenApiDocument {
  openapi: typeof OPENAPI_VERSION;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes?: Record<string, unknown> };
}

/**
 * The user's APIs as an OpenAPI 3.1.0 document: each API at its custom endpoint (`/` without one;
 * `{param}` segments are path parameters), its mock URL's base (as the Postman export and the
 * server compute it) the operation's server URL, so that importing the document gives the same
 * endpoints back; its method, its status code with the response schema of its template
 * ({@link templateToSchema}) and an example body generated under a seed (the API's request id
 * by default), the mock origin as the server URL, and a bearer security scheme required by the
 * APIs that have a token (the token itself is never written). Pure.
 */
export function buildOpenApiDocument(
  apis: readonly OpenApiExportApi[],
  options: OpenApiExportOptions,
): OpenApiDocument {
  const origin = options.mockOrigin.replace(/\/+$/, '');
  const paths: OpenApiDocument['paths'] = {};
  for (const api of apis) {
    const method = api.requestEnum.toLowerCase();
    // The path is the API's custom endpoint, its URL's base the operation's server, so that an
    // import of the document gives the same endpoints back. Two APIs at one path and method
    // (without endpoints, say) cannot share it: the later one takes its whole mock path.
    const base = mockUrl('', {
      method: api.requestEnum,
      requestId: api.requestId,
      customEndpoint: null,
    });
    let path = api.customEndpoint ?? '/';
    let servers: { url: string }[] | undefined = [{ url: `${origin}${base}` }];
    if (paths[path]?.[method]) {
      path = mockUrl('', {
        method: api.requestEnum,
        requestId: api.requestId,
        customEndpoint: api.customEndpoint,
      });
      servers = undefined;
    }
    const item = paths[path] ?? {};
    const parameters = pathParameters(path);
    if (parameters.length > 0) item.parameters = parameters;
    item[method] = {
      ...operation(api, options.seed ?? api.requestId),
      ...(servers && { servers }),
    };
    paths[path] = item;
  }
  const document: OpenApiDocument = {
    openapi: OPENAPI_VERSION,
    info: {
      title: options.title,
      version: options.version ?? '1.0.0',
      description: `${apis.length} mock ${apis.length === 1 ? 'API' : 'APIs'} exported from Mocksmith. Each response schema is derived from the API's template: every body it generates satisfies it.`,
    },
    servers: [{ url: origin === '' ? '/' : origin }],
    paths,
    components: {},
  };
  if (apis.some((api) => api.option.authToken !== null)) {
    document.components.securitySchemes = {
      [BEARER_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        description: "The API's bearer token, shown on its page in Mocksmith.",
      },
    };
  }
  return document;
}

const PARAMETER = /\{([^{}/]+)\}/g;

function pathParameters(path: string): JsonObject[] {
  const names = [...new Set([...path.matchAll(PARAMETER)].map((m) => m[1] as string))];
  return names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function operation(api: OpenApiExportApi, seed: Seed): Record<string, unknown> {
  const code = api.option.httpCode;
  // No operationId: an import names the API from it first, and the API's name is its summary.
  const out: Record<string, unknown> = { summary: api.name };
  if (api.description) out.description = api.description;
  if (api.option.authToken !== null) out.security = [{ [BEARER_SCHEME]: [] }];
  const response: Record<string, unknown> = {
    description: STATUS_TEXTS[code as StatusCode] ?? `Status ${code}`,
  };
  if (code !== 204) {
    const content = jsonContent(api.template, seed);
    if (content) response.content = { 'application/json': content };
  }
  out.responses = { [String(code)]: response };
  return out;
}

/** The schema and the example of an API's body; none when its template no longer compiles. */
function jsonContent(
  template: string,
  seed: Seed,
): { schema: JsonSchema; example?: JsonValue } | undefined {
  const parsed = parseTemplate(template);
  if (!parsed.ok) return undefined;
  // Stored templates compile in full mode, as the server compiles them to serve them.
  const compiled = prepareTemplate(template, { mode: 'full', stored: true });
  if (!compiled.ok) return undefined;
  const content: { schema: JsonSchema; example?: JsonValue } = {
    schema: templateToSchema(parsed.value),
  };
  try {
    content.example = compiled.value.generate({ seed });
  } catch {
    // A body over the answer size limit: the schema stands without an example.
  }
  return content;
}
