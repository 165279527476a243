import { dataTypeWeight } from '../data-types/lookup.ts';
import { DEMO_TYPE_NAMES, ErrorCode, messages } from '../errors.ts';
import type { JsonValue } from '../json.ts';
import { MAX_GENERATED_VALUES, MAX_MULTIPLY, MAX_TEMPLATE_DEPTH } from '../limits.ts';
import type { TemplateIssue } from './issues.ts';
import { MULTIPLY_KEY, parseMultiply } from './multiply.ts';
import { indexPath, keyPath, ROOT_PATH } from './path.ts';

/**
 * `demo`: the anonymous editor, where every string must be a basic type.
 * `full`: signed-in users, where any catalogue type or custom literal is allowed.
 */
export type TemplateMode = 'demo' | 'full';

export interface ValidateOptions {
  mode?: TemplateMode;
}

/** A template reads at most this many problems back; the rest would only repeat them. */
export const MAX_REPORTED_ISSUES = 50;

const DEMO_TYPES = new Set<string>(DEMO_TYPE_NAMES);

/** What a walk over a template found: its problems and its worst-case output size. */
export interface TemplateAnalysis {
  issues: TemplateIssue[];
  /** The most values (objects, arrays and leaves) one generated body can hold. */
  maxValues: number;
}

/**
 * Checks a template value against every rule of the template language and returns its
 * problems (none when it is valid). Never throws, whatever the value.
 */
export function validateTemplate(value: unknown, options: ValidateOptions = {}): TemplateIssue[] {
  return analyseTemplate(value, options).issues;
}

/** Validates and measures a template in one walk. Never throws, whatever the value. */
export function analyseTemplate(value: unknown, options: ValidateOptions = {}): TemplateAnalysis {
  const walker = new Walker(options.mode ?? 'full');
  if (!isContainer(value)) {
    walker.report(ErrorCode.TEMPLATE_NOT_CONTAINER, messages.templateNotContainer(describe(value)));
    return { issues: walker.issues, maxValues: 0 };
  }
  const maxValues = walker.walk(value, ROOT_PATH, 1, false);
  if (maxValues > MAX_GENERATED_VALUES) {
    walker.report(ErrorCode.TEMPLATE_OUTPUT_TOO_LARGE, messages.templateOutputTooLarge(maxValues));
  }
  return { issues: walker.issues, maxValues };
}

class Walker {
  readonly issues: TemplateIssue[] = [];
  #reportedDepth = false;

  constructor(readonly mode: TemplateMode) {}

  report(code: ErrorCode, message: string, path = ROOT_PATH): void {
    if (this.issues.length < MAX_REPORTED_ISSUES) this.issues.push({ code, message, path });
  }

  /** Checks `value` and returns the most values it can generate. */
  walk(value: unknown, path: string, depth: number, isArrayElement: boolean): number {
    if (typeof value === 'string') return this.leaf(value, path);
    if (value === null || typeof value === 'boolean') return 1;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return 1;
      this.report(ErrorCode.NOT_JSON_VALUE, messages.notJsonValue(String(value)), path);
      return 1;
    }
    if (!isContainer(value)) {
      this.report(ErrorCode.NOT_JSON_VALUE, messages.notJsonValue(describe(value)), path);
      return 1;
    }
    if (depth > MAX_TEMPLATE_DEPTH) {
      if (!this.#reportedDepth)
        this.report(ErrorCode.TEMPLATE_TOO_DEEP, messages.templateTooDeep(), path);
      this.#reportedDepth = true;
      return 1;
    }
    if (Array.isArray(value)) {
      let total = 1;
      for (let i = 0; i < value.length; i++) {
        const element: unknown = value[i];
        const elementPath = indexPath(path, i);
        const size = this.walk(element, elementPath, depth + 1, true);
        total += size * this.copies(element, elementPath);
      }
      return total;
    }
    let total = 1;
    for (const key of Object.keys(value)) {
      const child: unknown = (value as Record<string, unknown>)[key];
      if (key === MULTIPLY_KEY) {
        if (!isArrayElement)
          this.report(ErrorCode.MULTIPLY_PLACEMENT, messages.multiplyPlacement, keyPath(path, key));
        continue;
      }
      total += this.walk(child, keyPath(path, key), depth + 1, false);
    }
    return total;
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

  leaf(text: string, path: string): number {
    if (this.mode === 'demo') {
      if (!DEMO_TYPES.has(text))
        this.report(ErrorCode.DEMO_TYPE_NOT_ALLOWED, messages.demoTypeNotAllowed, path);
    }
    return dataTypeWeight(text);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isContainer(value: unknown): value is JsonValue[] | Record<string, unknown> {
  return Array.isArray(value) || isPlainObject(value);
}

/** A short description of a value for messages: `"abc"`, `42`, `an object`, `undefined`. */
function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return isPlainObject(value) ? 'an object' : 'a non-JSON object';
  return `a ${typeof value}`;
}
