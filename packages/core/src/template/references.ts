/**
 * Request references: template strings that read the request which called the mock
 * (`{{request.params.id}}`, DESIGN.md §4b). Read once when a template is validated and compiled,
 * like the rest of the language; at generation they only look values up.
 *
 * The syntax, in ABNF (WS is any white space):
 *
 *     reference = "{{" *WS "request" "." part *WS "}}"
 *     part      = "params" key                 ; a path parameter of the route
 *               / "query" key [ "." index ]    ; a query parameter; index: of a repeated key
 *               / "headers" key                ; a header, whatever the case of its name
 *               / "body" *key                  ; the JSON body, or a value inside it
 *               / "method" / "path"
 *     key       = "." name / "['" *( any character but "'" ) "']"
 *     name      = 1*( letter / digit / "_" / "-" / "$" / "@" )
 *     index     = 1*DIGIT
 *
 * Only `{{` followed by the word `request` starts a reference: any other `{{` is plain text, and
 * so is `{{requestId}}`. A string that holds nothing but one reference gives the value with its
 * JSON type (a parameter declared numeric gives a number, a body value its own type); a reference
 * inside longer text is written into it (text as is, numbers and booleans as text, objects and
 * arrays as JSON). A value the request does not have is `null`, or nothing inside text.
 * `request.query.NAME` is the first value of a repeated key, `request.query.NAME.1` the second;
 * a repeated header reads as its values joined by ", " (RFC 9110 §5.3). Inside the body, a key
 * that is a whole number indexes an array. `{"__literal": "{{request.path}}"}` gives the text
 * itself. Object keys are never read as references.
 *
 * Each reference adds at most a bounded number of bytes to an answer (see
 * {@link referenceMaxBytes}), so that the worst-case size of a template stays known at save; a
 * value that would take more reads as missing.
 */
import { ErrorCode, messages } from '../errors.ts';
import { isJsonObject, type JsonValue, jsonByteLength, jsonStringByteLength } from '../json.ts';
import { MAX_REQUEST_BODY_BYTES, type RequestContext } from './request.ts';

/** The parts of the request a reference can name. */
export const REQUEST_PARTS = ['params', 'query', 'headers', 'body', 'method', 'path'] as const;
export type RequestPart = (typeof REQUEST_PARTS)[number];

/**
 * The most bytes a reference to the URL or a header adds to an answer: 8 KiB, the longest
 * request line or header line common servers accept (nginx's default buffer).
 */
export const MAX_REQUEST_VALUE_BYTES = 8 * 1024;

/** The most bytes `{{request.method}}` adds: a method is a short token (`OPTIONS`, `PROPFIND`). */
export const MAX_REQUEST_METHOD_BYTES = 32;

/** One reference, read: the part of the request, and the keys within it. */
export interface RequestReference {
  part: RequestPart;
  /**
   * The keys after the part: the parameter or header name (a header's in lower case), the query
   * key and its index, or the path into the body.
   */
  keys: string[];
}

/** A string template that reads the request: one whole reference, or text around references. */
export type StringTemplate =
  | { kind: 'whole'; reference: RequestReference }
  /** `literals` has one more entry than `references`: the text before, between and after them. */
  | { kind: 'interpolated'; literals: string[]; references: RequestReference[] };

/** A problem of a reference, in the words of the template issue. */
export interface ReferenceProblem {
  code: typeof ErrorCode.REQUEST_REFERENCE_INVALID;
  message: string;
}

/** What reading a template string found: a template, or the first problem. */
export type StringTemplateRead =
  | { ok: true; template: StringTemplate }
  | { ok: false; problem: ReferenceProblem };

// `{{`, white space, and `request` as a whole word: the only start of a reference.
const START = /\{\{\s*request(?![\p{L}\p{N}_$@-])/gu;
const NAME = /[\p{L}\p{N}_$@-]+/uy;
const WHITE_SPACE = /\s*/y;
const INDEX = /^\d+$/;
/** How many keys can follow each part: a name (and, for the query, an index); any path in the body. */
const MAX_KEYS: Readonly<Record<RequestPart, number>> = {
  params: 1,
  query: 2,
  headers: 1,
  body: Number.POSITIVE_INFINITY,
  method: 0,
  path: 0,
};
/** The name a message suggests after each part that needs one. */
const EXAMPLE_NAMES: Readonly<Record<string, string>> = {
  params: 'id',
  query: 'page',
  headers: 'x-tenant',
};

/**
 * Reads the request references of a template string: undefined when it holds none (a literal),
 * else its template or the first reference that breaks the syntax. Never throws.
 */
export function readStringTemplate(text: string): StringTemplateRead | undefined {
  if (!text.includes('{{')) return undefined;
  const literals: string[] = [];
  const references: RequestReference[] = [];
  const start = new RegExp(START);
  let last = 0;
  for (let match = start.exec(text); match !== null; match = start.exec(text)) {
    const read = readReference(text, match.index, match.index + match[0].length);
    if (!read.ok) return read;
    literals.push(text.slice(last, match.index));
    references.push(read.reference);
    last = read.end;
    start.lastIndex = read.end;
  }
  if (references.length === 0) return undefined;
  literals.push(text.slice(last));
  const [reference] = references;
  if (references.length === 1 && literals[0] === '' && literals[1] === '') {
    return { ok: true, template: { kind: 'whole', reference: reference as RequestReference } };
  }
  return { ok: true, template: { kind: 'interpolated', literals, references } };
}

type ReferenceRead =
  | { ok: true; reference: RequestReference; end: number }
  | { ok: false; problem: ReferenceProblem };

/** Reads the reference that opens at `open` (its `{{`), `request` ending at `from`. */
function readReference(text: string, open: number, from: number): ReferenceRead {
  const fail = (problem: string, end = closingOf(text, from)): ReferenceRead => ({
    ok: false,
    problem: {
      code: ErrorCode.REQUEST_REFERENCE_INVALID,
      message: messages.requestReferenceInvalid(shown(text.slice(open, end)), problem),
    },
  });
  let at = from;
  let written = 'request';
  if (text[at] !== '.') {
    const end = skipWhiteSpace(text, at);
    return text.startsWith('}}', end)
      ? fail(messages.referenceWholeRequest)
      : unexpected(text, end, written, fail);
  }
  const part = nameAt(text, at + 1);
  if (part === undefined) return fail(messages.referenceNameAfterDot(written));
  if (!(REQUEST_PARTS as readonly string[]).includes(part)) {
    return fail(messages.referenceUnknownPart(part));
  }
  at += 1 + part.length;
  written += `.${part}`;
  const keys: string[] = [];
  for (;;) {
    const before = written;
    if (text[at] === '.') {
      const name = nameAt(text, at + 1);
      if (name === undefined) return fail(messages.referenceNameAfterDot(written));
      keys.push(name);
      at += 1 + name.length;
      written += `.${name}`;
    } else if (text.startsWith("['", at)) {
      const close = text.indexOf("']", at + 2);
      if (close < 0) return fail(messages.referenceUnclosedQuote);
      keys.push(text.slice(at + 2, close));
      written += text.slice(at, close + 2);
      at = close + 2;
    } else break;
    const problem = keyProblem(part as RequestPart, keys, before);
    if (problem) return fail(problem);
  }
  const end = skipWhiteSpace(text, at);
  if (!text.startsWith('}}', end)) return unexpected(text, end, written, fail);
  const needs = EXAMPLE_NAMES[part];
  if (needs !== undefined && keys.length === 0) {
    return fail(messages.referenceNeedsName(written, needs), end + 2);
  }
  if (part === 'headers') keys[0] = (keys[0] as string).toLowerCase();
  return {
    ok: true,
    reference: { part: part as RequestPart, keys },
    end: end + 2,
  };
}

/** What is wrong with the last of `keys` after a part, written after `before`, if anything. */
function keyProblem(part: RequestPart, keys: string[], before: string): string | undefined {
  if (keys.length > MAX_KEYS[part]) return messages.referenceNoFurtherPart(before);
  if (part === 'query' && keys.length === 2 && !INDEX.test(keys[1] as string)) {
    return messages.referenceQueryIndex(before);
  }
  return undefined;
}

function unexpected(
  text: string,
  at: number,
  written: string,
  fail: (problem: string, end?: number) => ReferenceRead,
): ReferenceRead {
  if (at >= text.length) return fail(messages.referenceUnclosed, text.length);
  const close = text.indexOf('}}', at);
  const found = text.slice(at, close < 0 ? at + 1 : close);
  return fail(
    messages.referenceUnexpected(written, found.length > 20 ? `${found.slice(0, 20)}…` : found),
  );
}

function nameAt(text: string, at: number): string | undefined {
  NAME.lastIndex = at;
  return NAME.exec(text)?.[0];
}

function skipWhiteSpace(text: string, at: number): number {
  WHITE_SPACE.lastIndex = at;
  WHITE_SPACE.exec(text);
  return WHITE_SPACE.lastIndex;
}

/** Where the reference that reads on from `at` ends, for messages: after its `}}`, or the text's end. */
function closingOf(text: string, at: number): number {
  const close = text.indexOf('}}', at);
  return close < 0 ? text.length : close + 2;
}

/** A reference for a message: at most 60 characters. */
function shown(reference: string): string {
  return reference.length > 60 ? `${reference.slice(0, 60)}…` : reference;
}

/**
 * The most bytes a reference adds to an answer: its JSON when it is the whole string, its text
 * (escaped as JSON) inside a longer one. The body can bring MAX_REQUEST_BODY_BYTES (64 KiB), a
 * parameter, query value, header or the path {@link MAX_REQUEST_VALUE_BYTES}, the method
 * {@link MAX_REQUEST_METHOD_BYTES}. A value that would take more reads as missing.
 */
export function referenceMaxBytes(reference: RequestReference): number {
  switch (reference.part) {
    case 'body':
      return MAX_REQUEST_BODY_BYTES;
    case 'method':
      return MAX_REQUEST_METHOD_BYTES;
    default:
      return MAX_REQUEST_VALUE_BYTES;
  }
}

/** The most bytes of JSON a string template can serialise to, quotes included. */
export function stringTemplateMaxBytes(template: StringTemplate): number {
  if (template.kind === 'whole') return referenceMaxBytes(template.reference);
  // Each literal counted alone: a surrogate pair split by a reference is two escapes.
  let bytes = 2;
  for (const literal of template.literals) bytes += jsonStringByteLength(literal) - 2;
  for (const reference of template.references) bytes += referenceMaxBytes(reference);
  return bytes;
}

/** Reads the value a reference names from a request: undefined when it has none. */
type Reader = (request: RequestContext) => unknown;

function readerOf(reference: RequestReference): Reader {
  const [name = '', second] = reference.keys;
  switch (reference.part) {
    case 'params':
      return (request) => own(request.params, name);
    case 'query': {
      const index = second === undefined ? 0 : Number(second);
      return (request) => {
        const value = own(request.query, name);
        if (Array.isArray(value)) return value[index];
        return index === 0 ? value : undefined;
      };
    }
    case 'headers':
      return (request) => {
        const value = own(request.headers, name);
        return Array.isArray(value) ? value.join(', ') : value;
      };
    case 'body': {
      const keys = reference.keys;
      return (request) => {
        let value: unknown = request.body;
        for (const key of keys) {
          if (Array.isArray(value)) {
            value = INDEX.test(key) && String(Number(key)) === key ? value[Number(key)] : undefined;
          } else value = isJsonObject(value) ? own(value, key) : undefined;
          if (value === undefined) return undefined;
        }
        return value;
      };
    }
    case 'method':
      return (request) => request.method;
    case 'path':
      return (request) => request.path;
  }
}

/** An own property only: `request.body.constructor` is missing, not Object's constructor. */
function own(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** The value as JSON, or undefined when it is missing or no JSON value. */
function asJson(value: unknown): JsonValue | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : undefined;
    case 'object':
      return value === null || Array.isArray(value) || isJsonObject(value)
        ? (value as JsonValue)
        : undefined;
    default:
      return undefined;
  }
}

// The JSON size of each body value measured, so that several references to one value measure
// it once. Request contexts are read-only, so a size never goes stale.
const measured = new WeakMap<object, number>();

function jsonBytes(value: JsonValue): number {
  if (value === null || typeof value !== 'object') return jsonByteLength(value);
  let bytes = measured.get(value);
  if (bytes === undefined) {
    bytes = jsonByteLength(value);
    measured.set(value, bytes);
  }
  return bytes;
}

/** The value a reference gives as a whole string: its JSON value, null when missing or too large. */
function wholeValue(reference: RequestReference): (request: RequestContext) => JsonValue {
  const read = readerOf(reference);
  const limit = referenceMaxBytes(reference);
  return (request) => {
    const value = asJson(read(request));
    return value !== undefined && jsonBytes(value) <= limit ? value : null;
  };
}

/** The text a reference writes inside a string: empty when missing or too large. */
function textValue(reference: RequestReference): (request: RequestContext) => string {
  const read = readerOf(reference);
  const limit = referenceMaxBytes(reference);
  return (request) => {
    const value = asJson(read(request));
    if (value === undefined || value === null) return '';
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return jsonStringByteLength(text) - 2 <= limit ? text : '';
  };
}

/**
 * The generator of a string template: from a request (a read-only context), the value of a whole
 * reference or the text with its references written in. Draws nothing from the random source.
 */
export function stringTemplateGenerator(
  template: StringTemplate,
): (request: RequestContext) => JsonValue {
  if (template.kind === 'whole') return wholeValue(template.reference);
  const { literals } = template;
  const texts = template.references.map(textValue);
  const count = texts.length;
  return (request) => {
    let out = literals[0] as string;
    for (let i = 0; i < count; i++) {
      out +=
        (texts[i] as (request: RequestContext) => string)(request) + (literals[i + 1] as string);
    }
    return out;
  };
}
