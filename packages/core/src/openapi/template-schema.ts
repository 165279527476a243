/**
 * A template's response schema (JSON Schema 2020-12, OpenAPI 3.1's dialect): what every body it
 * generates satisfies, for the OpenAPI export (one for a project's routes and a stand-alone API).
 */
import { getDataType } from '../data-types/lookup.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import {
  type Directive,
  type NumberSpec,
  readDirective,
  type StringSpec,
} from '../template/directives.ts';
import { MULTIPLY_KEY, parseMultiply } from '../template/multiply.ts';
import { ROOT_PATH } from '../template/path.ts';
import { readStringTemplate } from '../template/references.ts';
import { DATA_TYPE_SCHEMAS } from './type-schemas.ts';

/** A JSON Schema of the OpenAPI 3.1 dialect (JSON Schema 2020-12), as the export writes it. */
export type JsonSchema = { [key: string]: JsonValue };

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
