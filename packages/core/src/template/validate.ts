import { dataTypeMaxBytes, dataTypeWeight, getDataType } from '../data-types/lookup.ts';
import { DEMO_TYPE_NAMES, ErrorCode, messages } from '../errors.ts';
import { type JsonValue, jsonStringByteLength } from '../json.ts';
import {
  MAX_GENERATED_VALUES,
  MAX_MULTIPLY,
  MAX_RESPONSE_BYTES,
  MAX_TEMPLATE_DEPTH,
} from '../limits.ts';
import {
  type DirectiveRead,
  describeValue as describe,
  numberMaxBytes,
  readDirective,
  stringMaxBytes,
} from './directives.ts';
import type { TemplateIssue } from './issues.ts';
import { MULTIPLY_KEY, parseMultiply } from './multiply.ts';
import { indexPath, keyPath, ROOT_PATH } from './path.ts';
import { readStringTemplate, stringTemplateMaxBytes } from './references.ts';

/**
 * `demo`: the anonymous editor, where every string must be a basic type.
 * `full`: signed-in users, where any catalogue type or custom literal is allowed.
 */
export type TemplateMode = 'demo' | 'full';

/** How to check a template. */
export interface ValidateOptions {
  mode?: TemplateMode;
  /**
   * The largest answer, in bytes of UTF-8 JSON, that one body may serialise to in the worst
   * case; defaults to {@link MAX_RESPONSE_BYTES}. The server passes its configured value.
   */
  maxResponseBytes?: number;
}

/** A template reads at most this many problems back; the rest would only repeat them. */
export const MAX_REPORTED_ISSUES = 50;

const DEMO_TYPES = new Set<string>(DEMO_TYPE_NAMES);

/** What a walk over a template found: its problems and its worst-case output size. */
export interface TemplateAnalysis {
  issues: TemplateIssue[];
  /** The most values (objects, arrays and leaves) one generated body can hold. */
  maxValues: number;
  /**
   * The most bytes of UTF-8 that `JSON.stringify` of one generated body can take, with every
   * `__multiply` at its upper bound, every catalogue type at its measured bound and every request
   * reference at its bound (references.ts).
   */
  maxBytes: number;
  /** Whether a string of the template reads the request (`{{request.params.id}}` ...). */
  readsRequest: boolean;
  /** Whether one reads the request's body (`{{request.body.name}}`). */
  readsBody: boolean;
}

/** The worst case of one part of a template: how many values, and how many bytes of JSON. */
interface Size {
  values: number;
  bytes: number;
}

/**
 * Checks a template value against every rule of the template language and returns its
 * problems (none when it is valid). Never throws, whatever the value.
 */
export function validateTemplate(value: unknown, options: ValidateOptions = {}): TemplateIssue[] {
  return analyseTemplate(value, options).issues;
}

/**
 * Validates and measures a template in one walk: its worst case in values and in bytes, each
 * reported when over its limit. Never throws, whatever the value.
 */
export function analyseTemplate(value: unknown, options: ValidateOptions = {}): TemplateAnalysis {
  const walker = new Walker(options.mode ?? 'full');
  if (!isContainer(value)) {
    walker.report(ErrorCode.TEMPLATE_NOT_CONTAINER, messages.templateNotContainer(describe(value)));
    return {
      issues: walker.issues,
      maxValues: 0,
      maxBytes: 0,
      readsRequest: false,
      readsBody: false,
    };
  }
  const { values: maxValues, bytes: maxBytes } = walker.walk(value, ROOT_PATH, 1, false);
  if (maxValues > MAX_GENERATED_VALUES) {
    walker.report(ErrorCode.TEMPLATE_OUTPUT_TOO_LARGE, messages.templateOutputTooLarge(maxValues));
  }
  const maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  if (maxBytes > maxResponseBytes) {
    walker.report(
      ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE,
      messages.templateResponseTooLarge(maxBytes, maxResponseBytes),
    );
  }
  return {
    issues: walker.issues,
    maxValues,
    maxBytes,
    readsRequest: walker.readsRequest,
    readsBody: walker.readsBody,
  };
}

class Walker {
  readonly issues: TemplateIssue[] = [];
  readsRequest = false;
  readsBody = false;
  #reportedDepth = false;

  constructor(readonly mode: TemplateMode) {}

  report(code: ErrorCode, message: string, path = ROOT_PATH): void {
    if (this.issues.length < MAX_REPORTED_ISSUES) this.issues.push({ code, message, path });
  }

  /**
   * Checks `value` and returns the most values it can generate and the most bytes of JSON they
   * can take. A value that breaks a rule counts as `null`: the template is refused anyway.
   * Under `literal` (inside a `__literal`), strings, keys and objects are plain JSON.
   */
  walk(
    value: unknown,
    path: string,
    depth: number,
    isArrayElement: boolean,
    literal = false,
  ): Size {
    if (typeof value === 'string') {
      return literal ? { values: 1, bytes: jsonStringByteLength(value) } : this.leaf(value, path);
    }
    if (value === null) return { values: 1, bytes: 4 };
    if (typeof value === 'boolean') return { values: 1, bytes: value ? 4 : 5 };
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return { values: 1, bytes: String(value).length };
      this.report(ErrorCode.NOT_JSON_VALUE, messages.notJsonValue(String(value)), path);
      return NULL_SIZE;
    }
    if (!isContainer(value)) {
      this.report(ErrorCode.NOT_JSON_VALUE, messages.notJsonValue(describe(value)), path);
      return NULL_SIZE;
    }
    if (depth > MAX_TEMPLATE_DEPTH) {
      if (!this.#reportedDepth)
        this.report(ErrorCode.TEMPLATE_TOO_DEEP, messages.templateTooDeep(), path);
      this.#reportedDepth = true;
      return NULL_SIZE;
    }
    if (Array.isArray(value)) {
      let values = 1;
      let bytes = 0;
      let elements = 0;
      for (let i = 0; i < value.length; i++) {
        const element: unknown = value[i];
        const elementPath = indexPath(path, i);
        const size = this.walk(element, elementPath, depth + 1, !literal, literal);
        const copies = literal ? 1 : this.copies(element, elementPath);
        values += size.values * copies;
        bytes += size.bytes * copies;
        elements += copies;
      }
      // Brackets, and a comma between each two elements.
      return { values, bytes: bytes + (elements > 0 ? elements + 1 : 2) };
    }
    if (!literal) {
      const directive = readDirective(value, path);
      if (directive) return this.directive(directive, value, path, depth, isArrayElement);
    }
    let values = 1;
    let bytes = 0;
    let keys = 0;
    for (const key of Object.keys(value)) {
      const child: unknown = (value as Record<string, unknown>)[key];
      if (key === MULTIPLY_KEY && !literal) {
        if (!isArrayElement)
          this.report(ErrorCode.MULTIPLY_PLACEMENT, messages.multiplyPlacement, keyPath(path, key));
        continue;
      }
      const size = this.walk(child, keyPath(path, key), depth + 1, false, literal);
      values += size.values;
      bytes += jsonStringByteLength(key) + size.bytes;
      keys++;
    }
    // Braces, a colon per key, and a comma between each two keys; `__multiply` is not output.
    return { values, bytes: bytes + (keys > 0 ? 2 * keys + 1 : 2) };
  }

  /**
   * Checks a directive object (see directives.ts) and returns its worst case: that of its
   * largest choice for `__oneOf`, the exact size of its value for `__literal`. The demo refuses
   * every directive, as it refuses everything but the basic types.
   */
  directive(
    read: DirectiveRead,
    object: Record<string, unknown>,
    path: string,
    depth: number,
    isArrayElement: boolean,
  ): Size {
    if (Object.hasOwn(object, MULTIPLY_KEY) && !isArrayElement)
      this.report(
        ErrorCode.MULTIPLY_PLACEMENT,
        messages.multiplyPlacement,
        keyPath(path, MULTIPLY_KEY),
      );
    if (this.mode === 'demo') {
      this.report(ErrorCode.DEMO_TYPE_NOT_ALLOWED, messages.demoTypeNotAllowed, path);
      return NULL_SIZE;
    }
    if (!read.ok) {
      this.report(read.problem.code, read.problem.message, read.problem.path);
      return NULL_SIZE;
    }
    const at = keyPath(path, read.key);
    const { directive } = read;
    switch (directive.kind) {
      case 'literal':
        return this.walk(directive.value, at, depth + 1, false, true);
      case 'number':
        return { values: 1, bytes: numberMaxBytes(directive.spec) };
      case 'string':
        return { values: 1, bytes: stringMaxBytes(directive.spec) };
      case 'oneOf': {
        if (depth + 1 > MAX_TEMPLATE_DEPTH)
          return this.walk(directive.choices, at, depth + 1, false);
        let values = 1;
        let bytes = 4;
        directive.choices.forEach((choice, i) => {
          const size = this.walk(choice, indexPath(at, i), depth + 2, false);
          values = Math.max(values, size.values);
          bytes = Math.max(bytes, size.bytes);
        });
        return { values, bytes };
      }
    }
  }

  /** How many copies an array element stands for at most, checking its `__multiply`. */
  copies(element: unknown, elementPath: string): number {
    if (!isPlainObject(element) || !Object.hasOwn(element, MULTIPLY_KEY)) return 1;
    const raw = element[MULTIPLY_KEY];
    const path = keyPath(elementPath, MULTIPLY_KEY);
    const range = parseMultiply(raw);
    if (!range) {
      this.report(ErrorCode.MULTIPLY_FORMAT, messages.multiplyFormat(describe(raw)), path);
      return 1;
    }
    if (range.min > range.max || range.max > MAX_MULTIPLY) {
      this.report(
        ErrorCode.MULTIPLY_RANGE,
        messages.multiplyRange(`${range.min}-${range.max}`),
        path,
      );
      return Math.min(range.max, MAX_MULTIPLY);
    }
    return range.max;
  }

  /**
   * A string outside `__literal`: a catalogue type, a text that reads the request, or a literal.
   * A request reference counts as one value: it builds none, it points at the request's (its
   * bytes are bounded all the same).
   */
  leaf(text: string, path: string): Size {
    if (this.mode === 'demo') {
      if (!DEMO_TYPES.has(text))
        this.report(ErrorCode.DEMO_TYPE_NOT_ALLOWED, messages.demoTypeNotAllowed, path);
    } else if (getDataType(text) === undefined) {
      const read = readStringTemplate(text);
      if (read?.ok === false) {
        this.report(read.problem.code, read.problem.message, path);
        return NULL_SIZE;
      }
      if (read?.ok) {
        this.readsRequest = true;
        const { template } = read;
        const references = template.kind === 'whole' ? [template.reference] : template.references;
        if (references.some((reference) => reference.part === 'body')) this.readsBody = true;
        return { values: 1, bytes: stringTemplateMaxBytes(read.template) };
      }
    }
    return { values: dataTypeWeight(text), bytes: dataTypeMaxBytes(text) };
  }
}

const NULL_SIZE: Size = { values: 1, bytes: 4 };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isContainer(value: unknown): value is JsonValue[] | Record<string, unknown> {
  return Array.isArray(value) || isPlainObject(value);
}
