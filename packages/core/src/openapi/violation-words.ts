/**
 * ajv for the OpenAPI checks (validate-request.ts, check-response.ts): one instance per dialect
 * and use, and its errors in words, each naming where (`query.limit: must be an integer, got
 * "ten"`, `body.items[0].name: is required`).
 */
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { isSecretName, maskSecret } from '../inspector/mask.ts';
import type { Dialect } from './validator.ts';

/**
 * One way a request breaks its contract: `credential` (a missing credential: 401), `body` (a
 * well-formed body that breaks its schema: 422) or `request` (anything else: 400).
 */
export interface Violation {
  kind: 'request' | 'body' | 'credential';
  /** In words, naming where: `query.limit: must be an integer, got "ten"`. */
  text: string;
}

/** The most violations one check lists (a body of 10,000 bad items says the first ones). */
export const MAX_VIOLATIONS = 20;

// One ajv per dialect, use and speed, made on first need: parameters are strings coerced to
// their schema's type (`coerceTypes: 'array'` also reads one value as a list of one), bodies are
// not; a quick one stops at the first error, a full one lists them all.
const instances = new Map<string, Ajv>();

function ajvFor(dialect: Dialect, coerce: boolean, allErrors: boolean): Ajv {
  const key = `${dialect}:${coerce}:${allErrors}`;
  let ajv = instances.get(key);
  if (!ajv) {
    const options = {
      strict: false,
      allErrors,
      logger: false as const,
      ...(coerce ? { coerceTypes: 'array' as const } : {}),
    };
    ajv = (dialect === '3.1' ? new Ajv2020(options) : new AjvDraft04(options)) as unknown as Ajv;
    // The fast formats: regular expressions, not the full parsers (a date's day of its month
    // is not checked): on every call they are most of a body's check.
    addFormats(ajv, { mode: 'fast' });
    instances.set(key, ajv);
  }
  return ajv;
}

/**
 * Compiles a schema, then forgets it in ajv's cache (keyed by the schema object, it would keep
 * every spec version ever served): the function compiled stands on its own. A schema ajv refuses
 * (an invalid regular expression, say) accepts everything: its part goes unchecked.
 */
function compile(ajv: Ajv, schema: object): ValidateFunction {
  try {
    const validate = ajv.compile(schema);
    ajv.removeSchema(schema);
    return validate;
  } catch {
    ajv.removeSchema(schema);
    return Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;
  }
}

/**
 * A schema checked at two speeds, each compiled on its first need (compiling costs
 * milliseconds; a route whose project checks nothing never pays it): `valid`, which stops at the
 * first error, for every call; `errors`, every error, only for a value `valid` refused. A value
 * is coerced in place when `coerce` is set: give `errors` a fresh one.
 */
export interface TwoSpeedCheck {
  valid(value: unknown): boolean;
  errors(value: unknown): ErrorObject[];
}

export function twoSpeedCheck(dialect: Dialect, coerce: boolean, schema: object): TwoSpeedCheck {
  let quick: ValidateFunction | undefined;
  let full: ValidateFunction | undefined;
  return {
    valid(value) {
      quick ??= compile(ajvFor(dialect, coerce, false), schema);
      return quick(value) as boolean;
    },
    errors(value) {
      full ??= compile(ajvFor(dialect, coerce, true), schema);
      return full(value) ? [] : (full.errors ?? []);
    },
  };
}

/** ajv's errors in words, each naming where (`query.limit`, `body.items[0].name`). */
export function addErrors(
  violations: Violation[],
  kind: Violation['kind'],
  root: string,
  errors: ErrorObject[] | null | undefined,
  data: unknown,
): void {
  for (const error of errors ?? []) {
    if (violations.length >= MAX_VIOLATIONS) return;
    // A failed `if`/`then` reports the branch's own errors too: the summary adds nothing.
    if (error.keyword === 'if') continue;
    let pointer = error.instancePath;
    let text: string;
    const value = valueAt(data, pointer);
    // What was sent, unless it sits under a name the inspector masks (a key, a token).
    const got = secretAt(pointer) ? maskSecret(String(value)) : shown(value);
    switch (error.keyword) {
      case 'required':
        pointer += `/${escapePointer(String((error.params as { missingProperty: string }).missingProperty))}`;
        text = 'is required';
        break;
      case 'type':
        text = `must be ${typeWords(String((error.params as { type: unknown }).type))}, got ${got}`;
        break;
      case 'enum':
        text = `must be one of ${((error.params as { allowedValues: unknown[] }).allowedValues ?? []).map(shown).join(', ')}, got ${got}`;
        break;
      case 'format':
        text = `must be a valid ${(error.params as { format: string }).format}, got ${got}`;
        break;
      case 'pattern':
        text = `must match the pattern ${(error.params as { pattern: string }).pattern}, got ${got}`;
        break;
      case 'additionalProperties':
        pointer += `/${escapePointer(String((error.params as { additionalProperty: string }).additionalProperty))}`;
        text = 'is not allowed here';
        break;
      default:
        text = `${error.message ?? 'is not valid'}, got ${got}`;
    }
    violations.push({ kind, text: `${root}${pathWords(pointer)}: ${text}` });
  }
}

/** Whether a name along the pointer (a parameter, a property) is a secret's. */
function secretAt(pointer: string): boolean {
  return pointer
    .split('/')
    .some((part) => part !== '' && isSecretName(part.replaceAll('~1', '/').replaceAll('~0', '~')));
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A JSON pointer as a path in words: `/items/0/name` → `.items[0].name`. */
function pathWords(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');
}

function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let node: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const ARTICLES: Record<string, string> = {
  integer: 'an integer',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

function typeWords(types: string): string {
  return types
    .split(',')
    .map((type) => ARTICLES[type] ?? `a ${type}`)
    .join(' or ');
}

/** A value as a violation shows it: JSON, at most 60 characters. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
