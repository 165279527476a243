/**
 * The records of a collection: the seeded ones a collection starts with, the id a POST gets, and
 * the check of a body a client writes. A collection is made from one record's template (the
 * element of a list); the server keeps the records, this file only makes and checks them.
 */
import { getDataType } from '../data-types/lookup.ts';
import { uuid } from '../data-types/sources.ts';
import { ErrorCode, messages } from '../errors.ts';
import { isUuid } from '../ids.ts';
import {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonByteLength,
  jsonValueTooDeep,
} from '../json.ts';
import { createRandom, type Random, type Seed } from '../random.ts';
import { type CompiledTemplate, compileTemplate } from '../template/compile.ts';
import {
  directiveKeyOf,
  LITERAL_KEY,
  NUMBER_KEY,
  ONE_OF_KEY,
  STRING_KEY,
} from '../template/directives.ts';
import type { TemplateIssue } from '../template/issues.ts';
import { MULTIPLY_KEY } from '../template/multiply.ts';
import { keyPath, ROOT_PATH } from '../template/path.ts';

/** The most records a collection holds (per session), seeded or written. */
export const MAX_COLLECTION_RECORDS = 10_000;

/** The most bytes of one record, serialised as UTF-8 JSON. */
export const MAX_RECORD_BYTES = 64 * 1024;

/** The field every record is found by. */
export const ID_FIELD = 'id';

/** A reference of a template, `ref:users.id`: a value drawn from another collection's field. */
export interface FieldRef {
  collection: string;
  field: string;
}

const REF_PREFIX = 'ref:';
const REF_NAME = '[A-Za-z_][A-Za-z0-9_-]*';
const REF_PATTERN = new RegExp(`^ref:(${REF_NAME})\\.(${REF_NAME})$`);

/**
 * Reads a template string as a reference: undefined when it does not start with `ref:` (an
 * ordinary value), else the reference or the words of what is wrong with its form.
 */
export function parseRef(
  text: string,
): { ok: true; ref: FieldRef } | { ok: false; message: string } | undefined {
  if (!text.startsWith(REF_PREFIX)) return undefined;
  const match = REF_PATTERN.exec(text);
  if (!match) {
    return {
      ok: false,
      message: `"${text}" is not a reference: write ref:COLLECTION.FIELD, each name a letter or _ then letters, digits, _ or -`,
    };
  }
  return { ok: true, ref: { collection: match[1] as string, field: match[2] as string } };
}

/** How the ids of a collection are made: a uuid per record, or 1, 2, 3... */
export type IdKind = 'uuid' | 'int';

/**
 * The id kind a record template says: a numeric `id` (a number type, a `__number`, a literal
 * number) or no `id` at all counts 1..N; any other `id` (`uuid`, a text type) gets uuids.
 */
export function idKindOf(template: JsonObject): IdKind {
  const id = template[ID_FIELD];
  if (id === undefined || typeof id === 'number') return 'int';
  if (typeof id === 'string') {
    const type = getDataType(id);
    return type?.kind === 'number' ? 'int' : 'uuid';
  }
  if (isJsonObject(id) && NUMBER_KEY in id) return 'int';
  return 'uuid';
}

// The uuids of POSTed records draw from one stream seeded once per process, as unseeded bodies do.
const idRandom: Random = createRandom();

/** The id of a record a POST adds without one: a fresh uuid, or the largest integer id + 1. */
export function nextId(records: readonly JsonObject[], kind: IdKind): string | number {
  if (kind === 'uuid') return uuid(idRandom);
  let max = 0;
  for (const record of records) {
    const id = record[ID_FIELD];
    if (typeof id === 'number' && id > max) max = id;
  }
  return Math.floor(max) + 1;
}

/** Options of {@link seedRecords}. */
export interface SeedOptions {
  /** The project's seed: the same seed and template give the same records, byte for byte. */
  seed: Seed;
  /** How many records, at most {@link MAX_COLLECTION_RECORDS}. */
  count: number;
  /** The values of another collection's field, for the template's `ref:` fields. */
  refs?: (collection: string, field: string) => readonly JsonValue[];
}

/** One generated part of a record template: where it sits and how its value is made. */
type Leaf =
  | { path: string[]; kind: 'template'; compiled: CompiledTemplate }
  | { path: string[]; kind: 'ref'; ref: FieldRef }
  | { path: string[]; kind: 'id' }
  | { path: string[]; kind: 'uuid' };

/** Thrown by {@link seedRecords} for a template that {@link recordTemplateIssues} refuses. */
export class RecordTemplateError extends Error {
  constructor(readonly issues: TemplateIssue[]) {
    super(`The record template is not valid: ${issues.map((i) => i.message).join('; ')}`);
    this.name = 'RecordTemplateError';
  }
}

/**
 * The problems of a record template: those of any template, each `ref:` string whose form is
 * wrong, and each reference inside a list or a directive (a reference is a field of its own: it
 * would be answered as its text there). An empty list means {@link seedRecords} accepts it.
 */
export function recordTemplateIssues(template: JsonObject): TemplateIssue[] {
  const compiled = compileTemplate(template);
  const issues = compiled.ok ? [] : compiled.errors.slice();
  const report = (message: string, path: string) =>
    issues.push({ code: ErrorCode.VALIDATION_FAILED, message, path });
  const walk = (value: JsonValue, path: string, inside: boolean): void => {
    if (typeof value === 'string') {
      const read = parseRef(value);
      if (read && !read.ok) report(read.message, path);
      else if (read?.ok && inside) {
        report(
          `"${value}" is inside a list or a directive: a reference must be a field of its own`,
          path,
        );
      }
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(value[i] as JsonValue, `${path}[${i}]`, true);
    } else if (isJsonObject(value)) {
      const directive = directiveKeyOf(value);
      if (directive === LITERAL_KEY) return;
      for (const key of Object.keys(value)) {
        walk(value[key] as JsonValue, keyPath(path, key), inside || directive !== undefined);
      }
    }
  };
  walk(template, ROOT_PATH, false);
  return issues;
}

/**
 * Splits a record template into its leaves: each field, and each field of a plain nested object,
 * is generated on its own, so that adding a field draws nothing from another field's stream.
 * Arrays and directives are one leaf each (their parts share a stream, as in a response body).
 */
function leavesOf(template: JsonObject, path: string[], out: Leaf[]): void {
  for (const key of Object.keys(template)) {
    if (key === MULTIPLY_KEY) continue;
    const value = template[key] as JsonValue;
    const at = [...path, key];
    if (path.length === 0 && key === ID_FIELD) {
      out.push({ path: at, kind: idKindOf(template) === 'int' ? 'id' : 'uuid' });
      continue;
    }
    if (isJsonObject(value) && directiveKeyOf(value) === undefined) {
      leavesOf(value, at, out);
      continue;
    }
    const ref = typeof value === 'string' ? parseRef(value) : undefined;
    if (ref?.ok) {
      out.push({ path: at, kind: 'ref', ref: ref.ref });
      continue;
    }
    // A template is an object or an array: the leaf is compiled as a list of one, then unwrapped.
    const compiled = compileTemplate([value]);
    if (!compiled.ok) throw new RecordTemplateError(compiled.errors);
    out.push({ path: at, kind: 'template', compiled: compiled.value });
  }
}

/**
 * The seeded records of a collection. Record `i`'s each field comes from a stream seeded by the
 * project seed, the field's path and `i` (not one stream for the whole record): adding a field
 * changes no other field's values, and the same seed gives the same records on every node. An
 * integer id counts 1..N, any other id is a seeded uuid; a `ref:` field draws one of `refs`' values (null when there are none).
 * Throws {@link RecordTemplateError} for a template {@link recordTemplateIssues} refuses.
 */
export function seedRecords(template: JsonObject, options: SeedOptions): JsonObject[] {
  const issues = recordTemplateIssues(template);
  if (issues.length > 0) throw new RecordTemplateError(issues);
  const count = Math.max(0, Math.min(Math.floor(options.count), MAX_COLLECTION_RECORDS));
  const leaves: Leaf[] = [];
  // With no id in the template, the records still need one: integers, first.
  if (!(ID_FIELD in template)) leaves.push({ path: [ID_FIELD], kind: 'id' });
  leavesOf(template, [], leaves);
  const pools = leaves.map((leaf) =>
    leaf.kind === 'ref' ? (options.refs?.(leaf.ref.collection, leaf.ref.field) ?? []) : [],
  );
  // The seed text of each leaf without the index: the path joined by a separator no key holds.
  const prefixes = leaves.map((leaf) => `${String(options.seed)}\u0000${leaf.path.join('\u0000')}`);
  const records: JsonObject[] = [];
  for (let i = 0; i < count; i++) {
    const record: JsonObject = {};
    for (let l = 0; l < leaves.length; l++) {
      const leaf = leaves[l] as Leaf;
      let value: JsonValue;
      if (leaf.kind === 'id') value = i + 1;
      // The same draws as the `uuid` type under this leaf's seed: unique whatever the id's template.
      else if (leaf.kind === 'uuid') value = uuid(createRandom(`${prefixes[l]}\u0001${i}`));
      else if (leaf.kind === 'template') {
        const list = leaf.compiled.generate({ seed: `${prefixes[l]}\u0001${i}` });
        value = (list as JsonValue[])[0] as JsonValue;
      } else {
        const pool = pools[l] as readonly JsonValue[];
        value =
          pool.length === 0
            ? null
            : (pool[createRandom(`${prefixes[l]}\u0001${i}`).int(0, pool.length - 1)] as JsonValue);
      }
      placeValue(record, leaf.path, value);
    }
    records.push(record);
  }
  return records;
}

/** Sets `value` at `path` of `record`, making the nested objects on the way. */
function placeValue(record: JsonObject, path: string[], value: JsonValue): void {
  let target = record;
  for (let p = 0; p < path.length - 1; p++) {
    const key = path[p] as string;
    let next = Object.hasOwn(target, key) ? target[key] : undefined;
    if (!isJsonObject(next)) {
      next = {};
      Object.defineProperty(target, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    target = next;
  }
  Object.defineProperty(target, path[path.length - 1] as string, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** How a body is checked: what to do with fields the template does not name, and PATCH. */
export interface CheckOptions {
  /** `refuse`: a field the template does not name is a problem; `keep`: it is stored as sent. */
  unknownFields: 'refuse' | 'keep';
  /** True for a PATCH: the fields sent are checked, none is required. */
  partial: boolean;
}

/** One problem of a body: the field's path and a message that names it. */
export interface FieldProblem {
  field: string;
  message: string;
}

export type CheckResult = { ok: true; value: JsonObject } | { ok: false; problems: FieldProblem[] };

/** Checks a value at `field`, pushing its problems; returns nothing. */
type Check = (
  value: JsonValue,
  field: string,
  problems: FieldProblem[],
  options: CheckOptions,
) => void;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A format of text a catalogue type gives, read from its example: what a body's value must match. */
interface TextFormat {
  name: string;
  test: (text: string) => boolean;
}

const TEXT_FORMATS: readonly TextFormat[] = [
  { name: 'an e-mail address', test: (t) => EMAIL.test(t) },
  { name: 'a UUID', test: (t) => isUuid(t) },
  {
    name: 'an ISO 8601 date-time',
    test: (t) => ISO_DATE_TIME.test(t) && !Number.isNaN(Date.parse(t)),
  },
  {
    name: 'an ISO 8601 date (YYYY-MM-DD)',
    test: (t) => ISO_DATE.test(t) && !Number.isNaN(Date.parse(t)),
  },
  { name: 'an http(s) URL', test: isHttpUrl },
];

/** An http(s) URL: a scheme, a host of letters, digits, dots or dashes (and a port), then anything. */
const HTTP_URL = /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?([/?#]\S*)?$/i;

function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text);
}

/** A value as a message shows it: JSON, cut to 40 characters. */
function shown(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function kindOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
};

function expectKind(kind: string, format?: TextFormat): Check {
  return (value, field, problems) => {
    if (kindOf(value) !== kind) {
      problems.push(problem(field, `expected ${ARTICLE[kind]}, got ${shown(value)}`));
    } else if (kind === 'number' && !Number.isFinite(value as number)) {
      problems.push(problem(field, `expected a finite number, got ${shown(value)}`));
    } else if (format && !format.test(value as string)) {
      problems.push(problem(field, `expected ${format.name}, got ${shown(value)}`));
    }
  };
}

function problem(field: string, message: string): FieldProblem {
  return { field, message: field === '' ? message : `${field}: ${message}` };
}

const anything: Check = () => {};

/** The check of a catalogue type: its kind, and for text the format its example has, if any. */
function typeCheck(name: string): Check | undefined {
  const type = getDataType(name);
  if (!type) return undefined;
  const example = type.example;
  const format =
    typeof example === 'string' ? TEXT_FORMATS.find((f) => f.test(example)) : undefined;
  return expectKind(type.kind, format);
}

/** The check a template value makes of a body's value at its place. */
function checkOf(template: JsonValue, isRoot = false): Check {
  if (typeof template === 'string') {
    const ref = parseRef(template);
    if (ref?.ok) {
      // An id of another collection: a string or a number, as that collection's ids are.
      return (value, field, problems) => {
        if (typeof value !== 'string' && typeof value !== 'number') {
          problems.push(
            problem(field, `expected an id of ${ref.ref.collection}, got ${shown(value)}`),
          );
        }
      };
    }
    return typeCheck(template) ?? expectKind('string');
  }
  if (template === null) return anything;
  if (typeof template === 'number') return expectKind('number');
  if (typeof template === 'boolean') return expectKind('boolean');
  if (Array.isArray(template)) return arrayCheck(template);
  const directive = directiveKeyOf(template);
  if (directive === LITERAL_KEY) {
    const literal = template[LITERAL_KEY] as JsonValue;
    return literal === null ? anything : expectKind(kindOf(literal));
  }
  if (directive === NUMBER_KEY) {
    const spec = template[NUMBER_KEY];
    const integer = isJsonObject(spec) && spec.integer === true;
    const number = expectKind('number');
    return (value, field, problems, options) => {
      const before = problems.length;
      number(value, field, problems, options);
      if (problems.length === before && integer && !Number.isInteger(value)) {
        problems.push(problem(field, `expected a whole number, got ${shown(value)}`));
      }
    };
  }
  if (directive === STRING_KEY) return expectKind('string');
  if (directive === ONE_OF_KEY) {
    const choices = template[ONE_OF_KEY];
    if (!Array.isArray(choices)) return anything;
    return anyOf(choices.map((choice) => checkOf(choice)));
  }
  return objectCheck(template, isRoot);
}

/** Passes when one of `checks` does; else the first one's problems. */
function anyOf(checks: Check[]): Check {
  if (checks.length === 1) return checks[0] as Check;
  return (value, field, problems, options) => {
    let first: FieldProblem[] | undefined;
    for (const check of checks) {
      const found: FieldProblem[] = [];
      check(value, field, found, options);
      if (found.length === 0) return;
      first ??= found;
    }
    problems.push(...(first ?? []));
  };
}

/** An array's elements each match one of the template's elements (any value for `[]`). */
function arrayCheck(template: JsonValue[]): Check {
  const element =
    template.length === 0
      ? anything
      : anyOf(
          template.map((part) => {
            if (!isJsonObject(part) || !(MULTIPLY_KEY in part)) return checkOf(part);
            const { [MULTIPLY_KEY]: _multiply, ...rest } = part;
            return checkOf(rest);
          }),
        );
  return (value, field, problems, options) => {
    if (!Array.isArray(value)) {
      problems.push(problem(field, `expected an array, got ${shown(value)}`));
      return;
    }
    // The elements of a PATCHed array are whole values: each must be complete.
    const whole = options.partial ? { ...options, partial: false } : options;
    for (let i = 0; i < value.length; i++) {
      element(value[i] as JsonValue, `${field}[${i}]`, problems, whole);
    }
  };
}

/**
 * An object's fields each checked by their template; every field required but the root's `id`
 * (unless partial), and the fields the template does not name refused or kept.
 */
function objectCheck(template: JsonObject, isRoot: boolean): Check {
  const keys = Object.keys(template).filter((key) => key !== MULTIPLY_KEY);
  const checks = new Map(keys.map((key) => [key, checkOf(template[key] as JsonValue)]));
  return (value, field, problems, options) => {
    if (!isJsonObject(value)) {
      problems.push(problem(field, `expected an object, got ${shown(value)}`));
      return;
    }
    const at = (key: string) => (field === '' ? key : `${field}.${key}`);
    for (const key of keys) {
      if (!Object.hasOwn(value, key)) {
        if (!options.partial && !(isRoot && key === ID_FIELD)) {
          problems.push(problem(at(key), 'is required'));
        }
        continue;
      }
      (checks.get(key) as Check)(value[key] as JsonValue, at(key), problems, options);
    }
    if (options.unknownFields === 'refuse') {
      for (const key of Object.keys(value)) {
        if (!checks.has(key)) problems.push(problem(at(key), 'is not a field of this collection'));
      }
    }
  };
}

// Compiled checks by template object: a collection's template is checked on every write.
const checksByTemplate = new WeakMap<JsonObject, Check>();

/**
 * Checks a body a client writes (POST, PUT, or with `partial` a PATCH) against the record
 * template: each field's type as the catalogue type its template names, nested objects and
 * arrays by their shape, the required fields, the unknown ones, and the record's size. The
 * problems name each field's path (`address.city: expected a string, got 42`).
 */
export function checkRecord(
  template: JsonObject,
  body: unknown,
  options: CheckOptions,
): CheckResult {
  // First, before any walk of the body (the checks, the size and the messages' JSON recurse).
  if (jsonValueTooDeep(body)) {
    return { ok: false, problems: [problem('', messages.bodyTooDeep)] };
  }
  if (!isJsonObject(body)) {
    const got = body === undefined ? 'nothing' : shown(body as JsonValue);
    return { ok: false, problems: [problem('', `expected a JSON object, got ${got}`)] };
  }
  const bytes = jsonByteLength(body);
  if (bytes > MAX_RECORD_BYTES) {
    return {
      ok: false,
      problems: [
        problem(
          '',
          `the record is ${bytes} bytes; a record holds at most ${MAX_RECORD_BYTES} bytes (64 KB)`,
        ),
      ],
    };
  }
  let check = checksByTemplate.get(template);
  if (!check) {
    check = checkOf(template, true);
    checksByTemplate.set(template, check);
  }
  const problems: FieldProblem[] = [];
  check(body, '', problems, options);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: body };
}

/**
 * The record template in a route's template, to turn the route into a collection: an object
 * itself, or the object element of a list (`[{"__multiply": "1-5", ...}]`), each without its
 * `__multiply`; null when the template holds no object to make records of.
 */
export function recordTemplateFrom(template: JsonValue): JsonObject | null {
  const element = Array.isArray(template) ? template.find(isJsonObject) : template;
  if (!isJsonObject(element)) return null;
  const record: JsonObject = {};
  for (const [key, value] of Object.entries(element)) {
    if (key !== MULTIPLY_KEY) record[key] = value;
  }
  return record;
}
