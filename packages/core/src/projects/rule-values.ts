/**
 * What a rule reads in a value, for the checks (rules.ts) and matching (rule-match.ts) alike: a
 * decimal number, a body path and the value at it. Not part of core's exports.
 */

/** A decimal number as people write it: `42`, `-3.5`, `.5`, `1e3`; not `0x10`, `Infinity` or ``. */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

// The last text parseNumber read, and what it said: a request's rules compare one value with
// several bounds (`id > 10`, `id < 100`), and read it once.
let lastText = '';
let lastNumber: number | undefined;

/** The number a text says, or undefined when it is not a finite decimal number. */
export function parseNumber(text: string): number | undefined {
  if (text === lastText) return lastNumber;
  const trimmed = text.trim();
  const number = DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
  lastText = text;
  lastNumber = Number.isFinite(number) ? number : undefined;
  return lastNumber;
}

// ---------------------------------------------------------------------------------------------
// Body paths

export type PathSegment = string | number;
type PathParse = { ok: true; segments: PathSegment[] } | { ok: false; message: string };

/**
 * Reads a body path: `$` (the whole body), `$.user.id`, `user.id`, `items[0].sku`,
 * `items.0.sku`, `$["first name"]`, `['x-id']`. Keys may hold any character but `.`, `[` and
 * `]` when dotted (dashes and spaces are fine); bracketed and quoted, any at all.
 */
export function parseBodyPath(raw: string): PathParse {
  const path = raw.trim();
  if (path === '') return { ok: false, message: 'a body path is required ($ for the whole body)' };
  const segments: PathSegment[] = [];
  let at = 0;
  // `$` is the root only when a step or the end follows: `$id` is a key.
  if (path[0] === '$' && (path.length === 1 || path[1] === '.' || path[1] === '[')) at = 1;
  let first = true;
  while (at < path.length) {
    const char = path[at];
    if (char === '[') {
      const close = readBracket(path, at);
      if (!close.ok) return close;
      segments.push(close.segment);
      at = close.next;
    } else {
      if (char === '.') {
        at++;
      } else if (!first || at !== 0) {
        return { ok: false, message: `the body path "${path}" has a stray "${char}"` };
      }
      let end = at;
      while (end < path.length && path[end] !== '.' && path[end] !== '[' && path[end] !== ']') {
        end++;
      }
      const key = path.slice(at, end).trim();
      if (key === '') {
        return {
          ok: false,
          message: `the body path "${path}" has an empty step (".." and a trailing "." are not allowed)`,
        };
      }
      if (key === '*') {
        return { ok: false, message: `the body path "${path}" has a wildcard: name one field` };
      }
      segments.push(key);
      at = end;
    }
    first = false;
  }
  return { ok: true, segments };
}

function readBracket(
  path: string,
  open: number,
): { ok: true; segment: PathSegment; next: number } | { ok: false; message: string } {
  const quote = path[open + 1];
  if (quote === '"' || quote === "'") {
    let at = open + 2;
    let key = '';
    while (at < path.length && path[at] !== quote) {
      if (path[at] === '\\' && at + 1 < path.length) at++;
      key += path[at];
      at++;
    }
    if (path[at] !== quote || path[at + 1] !== ']') {
      return { ok: false, message: `the body path "${path}" has an unclosed [${quote}` };
    }
    return { ok: true, segment: key, next: at + 2 };
  }
  const close = path.indexOf(']', open);
  if (close === -1) return { ok: false, message: `the body path "${path}" has an unclosed [` };
  const inside = path.slice(open + 1, close).trim();
  if (!/^\d+$/.test(inside)) {
    return {
      ok: false,
      message: `the body path "${path}" has [${inside}]: brackets hold an index such as [0] or a quoted key such as ["x-id"]`,
    };
  }
  return { ok: true, segment: Number(inside), next: close + 1 };
}

export const MISSING = Symbol('missing');

/** The value at a path of a JSON value, or MISSING. An array step takes an index (`0` or [0]). */
export function readPath(root: unknown, segments: readonly PathSegment[]): unknown {
  let value = root;
  for (const segment of segments) {
    if (Array.isArray(value)) {
      const key = String(segment);
      if (!/^\d+$/.test(key)) return MISSING;
      const index = Number(key);
      if (index >= value.length) return MISSING;
      value = value[index];
    } else if (typeof value === 'object' && value !== null) {
      const key = String(segment);
      if (!Object.hasOwn(value, key)) return MISSING;
      value = (value as Record<string, unknown>)[key];
    } else {
      return MISSING;
    }
  }
  return value === undefined ? MISSING : value;
}
