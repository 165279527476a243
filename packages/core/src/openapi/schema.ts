import { dataTypeMaxBytes, getDataType } from '../data-types/lookup.ts';
import { importTexts } from '../errors.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { MAX_MULTIPLY, MAX_STRING_LENGTH, MAX_TEMPLATE_DEPTH } from '../limits.ts';
import { importLabels } from '../schemas/openapi-import-texts.ts';
import { compileTemplate } from '../template/compile.ts';
import { DIRECTIVE_KEYS, LITERAL_KEY, ONE_OF_KEY } from '../template/directives.ts';
import { MULTIPLY_KEY } from '../template/multiply.ts';
import { hintForName } from './names.ts';
import type { ImportReport } from './types.ts';
import type { Dialect, SchemaValidator } from './validator.ts';

/**
 * How many times one schema may be expanded along one path of a body: a circular schema (a tree
 * of nodes, a person whose manager is a person) is expanded this deep, then cut.
 */
export const RECURSION_DEPTH = 2;

// Template nesting kept in reserve below the limit for the wrappers a value may need.
const DEPTH_RESERVE = 6;

// Generated samples a candidate template must pass against its schema before it is used.
const SAMPLES = 24;

type Schema = Record<string, unknown>;

/** A value that could not be generated as the schema asks: the caller decides what to do. */
class Cut {
  constructor(readonly fallback: JsonValue) {}
}

type Out = JsonValue | Cut;

/**
 * The most schema nodes one import may expand, all operations together, by default. A schema
 * that references another twice, which references another twice, and so on, doubles at each
 * step: 31 such schemas in 3.8 KB expand to 2^31 nodes. Time and heap limits stop such a file
 * only after seconds of a worker; counting stops it in milliseconds.
 */
export const MAX_SCHEMA_NODES = 500_000;

/** The work an import may still do: schema nodes expanded so far, and the most it may. */
export interface WorkBudget {
  used: number;
  readonly limit: number;
}

/**
 * Thrown when an import's schemas expand to more nodes than its budget allows: `schema` names
 * the outermost component being expanded then, when there is one, and `operation` the operation
 * (`GET /pets`) whose answer it is, once known. The message says it all in words.
 */
export class SchemaNodesLimitError extends Error {
  override name = 'SchemaNodesLimitError';
  constructor(
    readonly limit: number,
    readonly schema: string | undefined,
    readonly operation?: string,
  ) {
    super(importLabels.tooManyNodes(limit, schema, operation));
  }
}

/** What the conversion of one response schema needs and fills in. */
export interface ConvertContext {
  readonly dialect: Dialect;
  /** Shared by every operation of an import: each expanded schema node costs one. */
  readonly budget: WorkBudget;
  /** The whole dereferenced document: discriminator mappings are JSON pointers into it. */
  readonly document: unknown;
  readonly validator: SchemaValidator;
  readonly report: ImportReport;
}

interface State extends ConvertContext {
  /** How many times each schema object is being expanded on the current path. */
  readonly expanding: Map<object, number>;
  /**
   * Discriminators being expanded into their branches or subtypes (the discriminator object, or
   * for Swagger 2.0's string discriminator the schema holding it): inside, a part holding one is
   * merged without it, or a subtype would expand its base's choice again, forever.
   */
  readonly discriminating: Set<unknown>;
  depth: number;
}

/**
 * The template of a response schema (already dereferenced; cycles are object cycles), recording
 * in `context.report` what it could not honour. The result is always a valid template root.
 */
export function schemaToTemplate(
  schema: unknown,
  pointer: string,
  context: ConvertContext,
): JsonValue {
  const state: State = { ...context, expanding: new Map(), discriminating: new Set(), depth: 1 };
  const out = convert(state, schema, pointer, undefined);
  const template = out instanceof Cut ? out.fallback : out;
  // A body that is a bare value still needs an object or array as the template's root.
  return Array.isArray(template) || isJsonObject(template)
    ? template
    : { [ONE_OF_KEY]: [template] };
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `#/a/b` + `c/d` as a JSON pointer segment (`~` and `/` escaped). */
export function pointerTo(pointer: string, ...segments: (string | number)[]): string {
  return segments.reduce<string>(
    (p, s) => `${p}/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`,
    pointer,
  );
}

/** Spends `nodes` of the import's budget; past its limit, the import stops. */
function charge(state: State, nodes: number): void {
  state.budget.used += nodes;
  if (state.budget.used <= state.budget.limit) return;
  let outermost: string | undefined;
  for (const schema of state.expanding.keys()) {
    outermost = componentNameOf(state, schema);
    if (outermost !== undefined) break;
  }
  throw new SchemaNodesLimitError(state.budget.limit, outermost);
}

/**
 * How many nodes `schema` holds once every reference is expanded (a cycle counts its way back as
 * one node), up to `limit`: a few hundred distinct objects may stand for billions of nodes. In
 * time, linear in the distinct objects.
 */
export function expandedSize(schema: unknown, limit: number): number {
  return measure(schema, limit).size;
}

/**
 * The component (by name) where an expansion grows: `schema` itself when it is one, else, going
 * down through its largest part, the first component met.
 */
export function growingComponent(
  document: unknown,
  dialect: Dialect,
  schema: unknown,
): string | undefined {
  const { sizeOf } = measure(schema, Number.MAX_SAFE_INTEGER);
  const names = new Map<unknown, string>();
  const doc = document as Schema;
  const holder = dialect === '2.0' ? doc.definitions : (doc.components as Schema)?.schemas;
  if (isSchema(holder)) for (const [name, value] of Object.entries(holder)) names.set(value, name);
  let node: unknown = schema;
  const visited = new Set<unknown>();
  while (typeof node === 'object' && node !== null && !visited.has(node)) {
    const name = names.get(node);
    if (name !== undefined) return name;
    visited.add(node);
    let next: unknown;
    for (const child of Object.values(node)) {
      if (next === undefined || sizeOf(child) > sizeOf(next)) next = child;
    }
    node = next;
  }
  return undefined;
}

function measure(schema: unknown, limit: number) {
  const sizes = new Map<object, number>();
  const onPath = new Set<object>();
  const size = (node: unknown): number => {
    if (typeof node !== 'object' || node === null) return 0;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (onPath.has(node)) return 1;
    onPath.add(node);
    let total = 1;
    for (const child of Object.values(node)) {
      total += size(child);
      if (total > limit) break;
    }
    onPath.delete(node);
    const bounded = Math.min(total, limit + 1);
    sizes.set(node, bounded);
    return bounded;
  };
  return {
    size: size(schema),
    sizeOf: (node: unknown) =>
      typeof node === 'object' && node !== null ? (sizes.get(node) ?? 0) : 0,
  };
}

function ignore(state: State, pointer: string, keyword: string, reason: string): void {
  state.report.ignored.push({ pointer, keyword, reason });
}

function convert(state: State, schema: unknown, pointer: string, name: string | undefined): Out {
  if (schema === undefined || schema === true) return 'string';
  if (schema === false) {
    ignore(state, pointer, 'false', importTexts.falseSchema);
    return new Cut(null);
  }
  if (!isSchema(schema)) return 'string';
  charge(state, 1);
  if (typeof schema.$ref === 'string') {
    // Left as it was by the caller: another file or a URL, which an import never fetches.
    ignore(state, pointer, '$ref', importLabels.externalRef(schema.$ref));
    return new Cut(null);
  }
  const seen = state.expanding.get(schema) ?? 0;
  if (seen >= RECURSION_DEPTH || state.depth > MAX_TEMPLATE_DEPTH - DEPTH_RESERVE) {
    state.report.recursionCut.push(pointer);
    return allowsNull(state, schema) ? null : new Cut(null);
  }
  state.expanding.set(schema, seen + 1);
  try {
    return convertSchema(state, schema, pointer, name);
  } finally {
    if (seen === 0) state.expanding.delete(schema);
    else state.expanding.set(schema, seen);
  }
}

function convertSchema(
  state: State,
  schema: Schema,
  pointer: string,
  name: string | undefined,
): Out {
  if (Array.isArray(schema.allOf)) {
    return convertSchema(state, mergeAllOf(state, schema, pointer), pointer, name);
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && branches.length > 0) {
      return convertBranches(state, schema, keyword, branches, pointer, name);
    }
  }
  if (isSchema(schema.discriminator) || typeof schema.discriminator === 'string') {
    const expanded = convertSubtypes(state, schema, pointer, name);
    if (expanded !== undefined) return expanded;
  }
  if ('const' in schema) return literal(schema.const as JsonValue);
  const { types, nullable } = typesOf(state, schema);
  if (Array.isArray(schema.enum)) return convertEnum(state, schema, types, nullable, pointer);
  if (types.length === 0) return nullable ? null : 'string';
  if (types.length > 1) ignore(state, pointer, 'type', importTexts.typeChoice(types.join(', ')));
  const out = convertTyped(state, schema, types[0] as string, pointer, name);
  if (!nullable) return out;
  return { [ONE_OF_KEY]: [out instanceof Cut ? null : out, null] };
}

/** The non-null types a schema allows, said or implied by its keywords, and whether null is allowed. */
function typesOf(state: State, schema: Schema): { types: string[]; nullable: boolean } {
  const declared = schema.type;
  let types: string[];
  if (typeof declared === 'string') types = [declared];
  else if (Array.isArray(declared))
    types = declared.filter((t): t is string => typeof t === 'string');
  else if (schema.properties || schema.additionalProperties || schema.required) types = ['object'];
  else if (schema.items) types = ['array'];
  else if (schema.pattern || schema.format || schema.minLength || schema.maxLength)
    types = ['string'];
  else if (schema.minimum !== undefined || schema.maximum !== undefined) types = ['number'];
  else types = [];
  const nullable =
    types.includes('null') ||
    (state.dialect === '3.0' && schema.nullable === true && declared !== undefined);
  return { types: types.filter((t) => t !== 'null'), nullable };
}

function allowsNull(state: State, schema: Schema): boolean {
  if (schema.type === undefined && schema.nullable === undefined) return false;
  return typesOf(state, schema).nullable;
}

/** A JSON value as a template that gives it verbatim. */
function literal(value: JsonValue): JsonValue {
  if (typeof value === 'string') return getDataType(value) ? { [LITERAL_KEY]: value } : value;
  if (value !== null && typeof value === 'object') return { [LITERAL_KEY]: value };
  return value;
}

/** One template value drawn among `choices`, or the one choice itself. */
function choice(choices: JsonValue[]): JsonValue {
  return choices.length === 1 ? (choices[0] as JsonValue) : { [ONE_OF_KEY]: choices };
}

const JSON_TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  object: (v) => isJsonObject(v),
  array: (v) => Array.isArray(v),
};

function convertEnum(
  state: State,
  schema: Schema,
  types: string[],
  nullable: boolean,
  pointer: string,
): Out {
  const values = (schema.enum as unknown[]).filter(
    (v) =>
      (v === null && (nullable || types.length === 0)) ||
      (v !== null && (types.length === 0 || types.some((t) => JSON_TYPE_CHECKS[t]?.(v)))),
  ) as JsonValue[];
  if (values.length === 0) {
    ignore(state, pointer, 'enum', importTexts.enumNoMatch);
    return new Cut(null);
  }
  return choice(values.map(literal));
}

function convertTyped(
  state: State,
  schema: Schema,
  type: string,
  pointer: string,
  name: string | undefined,
): Out {
  switch (type) {
    case 'object':
      return convertObject(state, schema, pointer);
    case 'array':
      return convertArray(state, schema, pointer);
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return firstFitting(state, schema, pointer, numberCandidates(schema, type, name));
    case 'file':
      return new Cut(null);
    default:
      return firstFitting(state, schema, pointer, stringCandidates(state, schema, pointer, name));
  }
}

function isReservedKey(key: string): boolean {
  return key === MULTIPLY_KEY || DIRECTIVE_KEYS.includes(key);
}

function convertObject(state: State, schema: Schema, pointer: string): Out {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: JsonObject = {};
  state.depth++;
  try {
    for (const [key, property] of Object.entries(properties)) {
      const at = pointerTo(pointer, 'properties', key);
      if (isSchema(property) && property.writeOnly === true) {
        ignore(state, at, 'writeOnly', importTexts.writeOnly);
        continue;
      }
      if (isReservedKey(key)) {
        ignore(state, at, 'properties', importTexts.reservedKey(key));
        continue;
      }
      const value = convert(state, property, at, key);
      if (!(value instanceof Cut)) {
        setKey(out, key, value);
      } else if (required.has(key)) {
        ignore(state, at, 'required', importTexts.requiredUnsatisfied);
        setKey(out, key, value.fallback);
      } else {
        ignore(state, at, 'properties', importTexts.optionalLeftOut);
      }
    }
  } finally {
    state.depth--;
  }
  const extra = schema.additionalProperties;
  if (isSchema(extra) || schema.patternProperties) {
    ignore(
      state,
      pointer,
      schema.patternProperties ? 'patternProperties' : 'additionalProperties',
      importTexts.freeFormProperties,
    );
  }
  return out;
}

/** Sets `out[key]` as an own key, even for `__proto__`. */
function setKey(out: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

function convertArray(state: State, schema: Schema, pointer: string): Out {
  let items = schema.items;
  if (Array.isArray(items)) {
    ignore(state, pointer, 'items', importTexts.tupleItems);
    items = items[0];
  }
  if (schema.prefixItems) ignore(state, pointer, 'prefixItems', importTexts.tupleItems);
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  let low = Math.min(Math.max(minItems, 1), maxItems);
  let high = Math.min(maxItems, low + 2);
  if (low > MAX_MULTIPLY) {
    ignore(state, pointer, 'minItems', importTexts.clamped('minItems', low, MAX_MULTIPLY));
    low = MAX_MULTIPLY;
  }
  high = Math.max(low, Math.min(high, MAX_MULTIPLY));
  state.depth += 2;
  let item: Out;
  try {
    item = convert(state, items, pointerTo(pointer, 'items'), undefined);
  } finally {
    state.depth -= 2;
  }
  if (item instanceof Cut) {
    if (minItems === 0) return [];
    ignore(state, pointer, 'minItems', importTexts.requiredUnsatisfied);
    item = item.fallback;
  }
  if (schema.uniqueItems === true) {
    const values = enumValuesOf(item);
    if (values && values.length >= low) {
      // Distinct values of an enum: the first ones, as many as the lower bound asks.
      return { [LITERAL_KEY]: values.slice(0, low) };
    }
    ignore(state, pointer, 'uniqueItems', importTexts.uniqueItems);
  }
  const range = `${low}-${high}`;
  if (isJsonObject(item)) return [{ [MULTIPLY_KEY]: range, ...item }];
  return [{ [MULTIPLY_KEY]: range, [ONE_OF_KEY]: [item] }];
}

/** The values of a template that is a choice among literals, else undefined. */
function enumValuesOf(item: JsonValue): JsonValue[] | undefined {
  const choices = isJsonObject(item) && Array.isArray(item[ONE_OF_KEY]) ? item[ONE_OF_KEY] : [item];
  const values: JsonValue[] = [];
  for (const c of choices as JsonValue[]) {
    if (isJsonObject(c) && LITERAL_KEY in c) values.push(c[LITERAL_KEY] as JsonValue);
    else if (typeof c === 'string' && getDataType(c)) return undefined;
    else if (c === null || typeof c !== 'object') values.push(c);
    else return undefined;
  }
  return values;
}

/** A candidate template for a leaf value, with the keyword it honours (for the report). */
interface Candidate {
  template: JsonValue;
  keyword?: string;
}

function stringCandidates(
  state: State,
  schema: Schema,
  pointer: string,
  name: string | undefined,
): Candidate[] {
  const out: Candidate[] = [];
  const hint = hintForName(name);
  if (hint !== undefined && typeof schema.pattern !== 'string' && withinLengths(hint, schema)) {
    out.push({ template: hint });
  }
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  if (format !== undefined) {
    const type = FORMAT_TYPES[format];
    if (type !== undefined && withinLengths(type, schema))
      out.push({ template: type, keyword: 'format' });
    else if (!KNOWN_FORMATS.has(format))
      ignore(state, pointer, 'format', importTexts.unknownFormat(format));
  }
  const options: JsonObject = {};
  for (const key of ['minLength', 'maxLength'] as const) {
    const value = schema[key];
    if (typeof value === 'number') {
      if (value > MAX_STRING_LENGTH) {
        ignore(state, pointer, key, importTexts.clamped(key, value, MAX_STRING_LENGTH));
        options[key] = key === 'maxLength' ? MAX_STRING_LENGTH : MAX_STRING_LENGTH;
      } else options[key] = value;
    }
  }
  if (
    typeof options.minLength === 'number' &&
    typeof options.maxLength === 'number' &&
    options.maxLength < options.minLength
  ) {
    options.maxLength = options.minLength;
  }
  if (typeof schema.pattern === 'string') {
    out.push({
      template: { __string: { ...options, pattern: schema.pattern } },
      keyword: 'pattern',
    });
  }
  if (Object.keys(options).length > 0) out.push({ template: { __string: options } });
  out.push({ template: 'string' });
  return out;
}

/**
 * Whether a catalogue type's values surely fit the schema's lengths: its measured byte bound
 * (at least its length in characters, plus the quotes) within maxLength, and no minLength above
 * 1. Samples could pass by luck; the bound cannot. Directives carry their own lengths.
 */
function withinLengths(template: JsonValue, schema: Schema): boolean {
  if (typeof template !== 'string')
    return schema.minLength === undefined && schema.maxLength === undefined;
  if (typeof schema.minLength === 'number' && schema.minLength > 1) return false;
  return typeof schema.maxLength !== 'number' || dataTypeMaxBytes(template) - 2 <= schema.maxLength;
}

/** The catalogue type (or directive) that generates each string format. */
const FORMAT_TYPES: Readonly<Record<string, JsonValue>> = {
  uuid: 'uuid',
  email: 'email',
  'idn-email': 'email',
  'date-time': 'date',
  date: 'string.time.date',
  time: { __string: { pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z$' } },
  uri: 'string.internet.url',
  url: 'string.internet.url',
  'uri-reference': 'string.internet.url',
  iri: 'string.internet.url',
  hostname: 'string.internet.hostname',
  'idn-hostname': 'string.internet.hostname',
  ipv4: 'string.internet.ipv4',
  ipv6: 'string.internet.ipv6',
  byte: { __string: { pattern: '^(?:[A-Za-z0-9+/]{4}){1,8}$' } },
  binary: 'string',
  password: 'string.internet.password',
};

// Formats a validator knows but no generator here makes: no "unknown format" note for these.
const KNOWN_FORMATS = new Set([
  'duration',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'int32',
  'int64',
  'float',
  'double',
]);

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

function numberCandidates(schema: Schema, type: string, name: string | undefined): Candidate[] {
  const out: Candidate[] = [];
  const integer = type === 'integer';
  let min: number | undefined;
  let max: number | undefined;
  let exclusiveMin = false;
  let exclusiveMax = false;
  if (typeof schema.minimum === 'number') {
    min = schema.minimum;
    exclusiveMin = schema.exclusiveMinimum === true;
  }
  if (typeof schema.maximum === 'number') {
    max = schema.maximum;
    exclusiveMax = schema.exclusiveMaximum === true;
  }
  if (
    typeof schema.exclusiveMinimum === 'number' &&
    (min === undefined || schema.exclusiveMinimum >= min)
  ) {
    min = schema.exclusiveMinimum;
    exclusiveMin = true;
  }
  if (
    typeof schema.exclusiveMaximum === 'number' &&
    (max === undefined || schema.exclusiveMaximum <= max)
  ) {
    max = schema.exclusiveMaximum;
    exclusiveMax = true;
  }
  if (schema.format === 'int32') {
    if (min === undefined || min < INT32.min) min = INT32.min;
    if (max === undefined || max > INT32.max) max = INT32.max;
  }
  const multipleOf = typeof schema.multipleOf === 'number' ? schema.multipleOf : undefined;
  const constrained = min !== undefined || max !== undefined || multipleOf !== undefined;
  // A name says what a number holds only when no bound says otherwise: samples within bounds
  // could pass by luck, where a draw in production would not.
  const hint = hintForName(name);
  if (hint !== undefined && !constrained) out.push({ template: hint });
  // Unbounded sides stay near the other bound, and near zero when both are open.
  const low = min ?? (max === undefined ? 0 : max > 0 ? Math.max(0, max - 1000) : max - 1000);
  const high = max ?? low + 1000;
  const options: JsonObject = { min: low, max: high };
  if (exclusiveMin && min !== undefined) options.exclusiveMin = true;
  if (exclusiveMax && max !== undefined) options.exclusiveMax = true;
  if (integer) options.integer = true;
  if (multipleOf !== undefined) options.multipleOf = multipleOf;
  if (!constrained && integer) out.push({ template: 'number' });
  out.push({ template: { __number: options }, keyword: constrained ? 'minimum' : undefined });
  return out;
}

/**
 * The first candidate whose generated samples all satisfy the schema, as ajv judges it. When
 * none does, the report says so and the value is cut (left out when optional).
 */
function firstFitting(state: State, schema: Schema, pointer: string, candidates: Candidate[]): Out {
  let check: ((value: unknown) => string[]) | undefined;
  try {
    check = state.validator.check(leafSchema(schema));
  } catch {
    check = undefined;
  }
  for (const candidate of candidates) {
    if (!check || samplesFit(candidate.template, check)) return candidate.template;
  }
  const failed = candidates.find((c) => c.keyword !== undefined);
  const keyword = failed?.keyword ?? 'type';
  const value = schema[keyword];
  ignore(
    state,
    pointer,
    keyword,
    importTexts.noGenerator(keyword, value === undefined ? '' : JSON.stringify(value)),
  );
  return new Cut((candidates.at(-1) as Candidate).template);
}

const leafSchemas = new WeakMap<Schema, Schema>();

/**
 * The schema of a leaf value without what does not bear on it (and could not be compiled); the
 * same object for the same schema, so that the validator's cache knows it.
 */
function leafSchema(schema: Schema): Schema {
  let leaf = leafSchemas.get(schema);
  if (!leaf) {
    const { properties, items, discriminator, example, examples, ...rest } = schema;
    leaf = rest;
    leafSchemas.set(schema, leaf);
  }
  return leaf;
}

const fitCache = new WeakMap<(value: unknown) => string[], Map<string, boolean>>();

function samplesFit(template: JsonValue, check: (value: unknown) => string[]): boolean {
  let known = fitCache.get(check);
  if (!known) {
    known = new Map();
    fitCache.set(check, known);
  }
  const key = JSON.stringify(template);
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const compiled = compileTemplate({ v: template });
  let fits = compiled.ok;
  if (compiled.ok) {
    for (let seed = 0; seed < SAMPLES && fits; seed++) {
      const body = compiled.value.generate({ seed: `fit-${seed}` }) as JsonObject;
      fits = check(body.v).length === 0;
    }
  }
  known.set(key, fits);
  return fits;
}

function convertBranches(
  state: State,
  schema: Schema,
  keyword: 'oneOf' | 'anyOf',
  branches: unknown[],
  pointer: string,
  name: string | undefined,
): Out {
  const { [keyword]: _, discriminator, ...base } = schema;
  const indexed = branches.map((branch, index) => ({ branch, index }));
  const nonNull = indexed.filter(({ branch }) => !isNullSchema(branch));
  const hasNull = nonNull.length < branches.length;
  const at = pointerTo(pointer, keyword);
  let out: Out;
  if (nonNull.length === 0) {
    out = null;
  } else if (
    isSchema(discriminator) &&
    typeof discriminator.propertyName === 'string' &&
    nonNull.length > 1
  ) {
    const property = discriminator.propertyName;
    const mapping = isSchema(discriminator.mapping) ? discriminator.mapping : {};
    const choices: JsonValue[] = [];
    const labels: string[] = [];
    state.discriminating.add(discriminator);
    try {
      for (const { branch, index } of nonNull) {
        const value = discriminatorValue(state, branch, mapping);
        if (value === undefined) continue;
        const merged = withDiscriminator({ allOf: [base, branch] }, property, value);
        const template = convert(state, merged, pointerTo(at, index), name);
        if (template instanceof Cut) continue;
        choices.push(template);
        labels.push(value);
      }
    } finally {
      state.discriminating.delete(discriminator);
    }
    if (choices.length === 0) return convertFirst(state, base, nonNull, at, name, hasNull);
    state.report.branches.push({
      pointer: at,
      chosen: labels.join(', '),
      why: importLabels.discriminator(property, labels),
    });
    out = choice(choices);
  } else {
    return convertFirst(state, base, nonNull, at, name, hasNull);
  }
  if (hasNull) {
    state.report.branches.push({ pointer: at, chosen: 'null', why: importLabels.nullBranch });
    return { [ONE_OF_KEY]: [out instanceof Cut ? null : out, null] };
  }
  return out;
}

function convertFirst(
  state: State,
  base: Schema,
  nonNull: { branch: unknown; index: number }[],
  at: string,
  name: string | undefined,
  hasNull: boolean,
): Out {
  const first = nonNull[0] as { branch: unknown; index: number };
  if (nonNull.length > 1) {
    const label = componentNameOf(state, first.branch);
    state.report.branches.push({
      pointer: at,
      chosen: label ?? `shape ${first.index + 1}`,
      why: importLabels.firstBranch(label),
    });
  }
  const merged = Object.keys(base).length > 0 ? { allOf: [base, first.branch] } : first.branch;
  const out = convert(state, merged, pointerTo(at, first.index), name);
  if (!hasNull) return out;
  state.report.branches.push({ pointer: at, chosen: 'null', why: importLabels.nullBranch });
  return { [ONE_OF_KEY]: [out instanceof Cut ? null : out, null] };
}

function isNullSchema(schema: unknown): boolean {
  return (
    isSchema(schema) &&
    (schema.type === 'null' ||
      (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null'))
  );
}

/** A schema that is `schema` with its discriminator property fixed to `value` and required. */
function withDiscriminator(schema: Schema, property: string, value: string): Schema {
  return {
    allOf: [
      schema,
      {
        type: 'object',
        required: [property],
        properties: { [property]: { type: 'string', enum: [value] } },
      },
    ],
  };
}

/** The discriminator value of a branch: its mapping key, else the name of its component. */
function discriminatorValue(state: State, branch: unknown, mapping: Schema): string | undefined {
  for (const [value, target] of Object.entries(mapping)) {
    if (typeof target === 'string' && resolveTarget(state, target) === branch) return value;
  }
  return componentNameOf(state, branch);
}

/** The schema a discriminator mapping names: a JSON pointer `#/...` or a component name. */
function resolveTarget(state: State, target: string): unknown {
  if (target.startsWith('#/')) {
    let node: unknown = state.document;
    for (const raw of target.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      node = isSchema(node) ? node[key] : undefined;
    }
    return node;
  }
  return componentsOf(state)[target];
}

function componentsOf(state: State): Schema {
  const doc = state.document as Schema;
  const holder =
    state.dialect === '2.0' ? doc.definitions : (doc.components as Schema | undefined)?.schemas;
  return isSchema(holder) ? holder : {};
}

function componentNameOf(state: State, schema: unknown): string | undefined {
  for (const [name, component] of Object.entries(componentsOf(state))) {
    if (component === schema) return name;
  }
  return undefined;
}

/**
 * A schema with a discriminator and no oneOf: the base of an `allOf` hierarchy. A body is one of
 * its subtypes (the mapping's targets, else the components whose allOf holds the schema), with the
 * property set to the subtype's value. Undefined when no subtype is found.
 */
function convertSubtypes(
  state: State,
  schema: Schema,
  pointer: string,
  name: string | undefined,
): Out | undefined {
  const discriminator = schema.discriminator;
  const key = typeof discriminator === 'string' ? schema : discriminator;
  if (state.discriminating.has(key)) return undefined;
  const property =
    typeof discriminator === 'string' ? discriminator : (discriminator as Schema).propertyName;
  if (typeof property !== 'string') return undefined;
  const subtypes = new Map<string, unknown>();
  const mapping =
    isSchema(discriminator) && isSchema(discriminator.mapping) ? discriminator.mapping : {};
  for (const [value, target] of Object.entries(mapping)) {
    const resolved = typeof target === 'string' ? resolveTarget(state, target) : undefined;
    if (resolved !== undefined && resolved !== schema) subtypes.set(value, resolved);
  }
  if (subtypes.size === 0) {
    for (const [component, candidate] of Object.entries(componentsOf(state))) {
      if (
        isSchema(candidate) &&
        Array.isArray(candidate.allOf) &&
        candidate.allOf.includes(schema)
      ) {
        subtypes.set(component, candidate);
      }
    }
  }
  if (subtypes.size === 0) return undefined;
  state.discriminating.add(key);
  try {
    const choices: JsonValue[] = [];
    const labels: string[] = [];
    for (const [value, subtype] of subtypes) {
      const template = convert(
        state,
        withDiscriminator(subtype as Schema, property, value),
        pointer,
        name,
      );
      if (template instanceof Cut) continue;
      choices.push(template);
      labels.push(value);
    }
    if (choices.length === 0) return undefined;
    state.report.branches.push({
      pointer,
      chosen: labels.join(', '),
      why: importLabels.discriminator(property, labels),
    });
    return choice(choices);
  } finally {
    state.discriminating.delete(key);
  }
}

const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems', 'maxProperties'];

/**
 * One schema holding every part of an `allOf` (nested ones included): properties united (a
 * property in several parts holds the allOf of its schemas), `required` united, `type` and
 * `enum` intersected, the tighter of each bound, `additionalProperties: false` of a part keeping
 * out the properties that part does not name. Other keywords: the first part's, the others
 * reported when they differ.
 */
function mergeAllOf(state: State, schema: Schema, pointer: string): Schema {
  const parts: Schema[] = [];
  const flatten = (node: unknown, seen: Set<object>) => {
    if (!isSchema(node) || seen.has(node)) return;
    seen.add(node);
    const { allOf, ...rest } = node;
    if (state.discriminating.has(node) || state.discriminating.has(node.discriminator)) {
      delete rest.discriminator;
      delete rest.oneOf;
      delete rest.anyOf;
    }
    parts.push(rest);
    if (Array.isArray(allOf)) for (const part of allOf) flatten(part, seen);
  };
  flatten(schema, new Set());
  const merged: Schema = {};
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  const closed: Set<string>[] = [];
  let nullableParts = 0;
  let typedParts = 0;
  for (const part of parts) {
    if (part.type !== undefined) typedParts++;
    if (part.type !== undefined && part.nullable === true) nullableParts++;
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isSchema(value)) {
        for (const [prop, sub] of Object.entries(value)) {
          properties[prop] = prop in properties ? { allOf: [properties[prop], sub] } : sub;
        }
      } else if (key === 'required' && Array.isArray(value)) {
        for (const r of value) required.add(r as string);
      } else if (key === 'additionalProperties' && value === false) {
        closed.push(new Set(Object.keys(isSchema(part.properties) ? part.properties : {})));
      } else if (key === 'nullable') {
        // Decided below, over all typed parts.
      } else if (key === 'type' && merged.type !== undefined) {
        const a = ([] as unknown[]).concat(merged.type);
        const b = ([] as unknown[]).concat(value);
        const both = a.filter((t) => b.includes(t) || (t === 'integer' && b.includes('number')));
        const extra = b.filter((t) => t === 'integer' && a.includes('number'));
        merged.type = [...both, ...extra];
      } else if (key === 'enum' && Array.isArray(merged.enum) && Array.isArray(value)) {
        const texts = new Set(value.map((v) => JSON.stringify(v)));
        merged.enum = merged.enum.filter((v) => texts.has(JSON.stringify(v)));
      } else if (LOWER_BOUNDS.includes(key) && typeof merged[key] === 'number') {
        merged[key] = Math.max(merged[key] as number, value as number);
      } else if (UPPER_BOUNDS.includes(key) && typeof merged[key] === 'number') {
        merged[key] = Math.min(merged[key] as number, value as number);
      } else if (key === 'readOnly' || key === 'writeOnly') {
        merged[key] = merged[key] === true || value === true;
      } else if (!(key in merged)) {
        merged[key] = value;
      } else if (
        ['pattern', 'format', 'multipleOf', 'const', 'oneOf', 'anyOf'].includes(key) &&
        JSON.stringify(merged[key]) !== JSON.stringify(value)
      ) {
        ignore(state, pointerTo(pointer, 'allOf'), key, importTexts.allOfDisagree(key));
      }
    }
  }
  if (Array.isArray(merged.type) && merged.type.length === 1) merged.type = merged.type[0];
  if (typedParts > 0 && nullableParts === typedParts) merged.nullable = true;
  if (closed.length > 0) {
    for (const prop of Object.keys(properties)) {
      if (!closed.every((names) => names.has(prop))) {
        ignore(
          state,
          pointerTo(pointer, 'allOf'),
          'additionalProperties',
          importTexts.allOfClosed(prop),
        );
        delete properties[prop];
        required.delete(prop);
      }
    }
    merged.additionalProperties = false;
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (merged.type === undefined && (merged.properties || merged.required)) merged.type = 'object';
  return merged;
}
