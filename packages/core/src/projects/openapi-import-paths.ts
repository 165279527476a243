/**
 * Names and paths of an import into a project (openapi-import.ts): where an operation's route
 * answers (the spec's path in our syntax, typed, under the server's kept prefix, and the header or
 * query value that chooses it), and the names of routes and responses.
 */

import { isNode } from '../openapi/answer.ts';
import { MAX_NAME_LENGTH } from '../schemas/api-texts.ts';
import { MAX_RESPONSE_NAME_LENGTH } from './model.ts';
import { MOCKSMITH_EXTENSIONS } from './openapi-export.ts';
import type { Discriminated, Operation, Planner } from './openapi-import-document.ts';
import { projectImportTexts, routeLabel } from './openapi-import-texts.ts';
import { type PathParamType, parsePathTemplate } from './path-template.ts';

/**
 * A server path as the literal segments a route path starts with (`/v2`, `/api/v1`), other
 * characters percent-encoded; undefined when it holds a variable left unresolved (`{version}`)
 * or cannot start a route path.
 */
export function routePrefixOf(serverPath: string): string | undefined {
  const segments = serverPath.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => /[{}]/.test(segment))) return undefined;
  const parsed = parsePathTemplate(`/${segments.map(encodeLiteral).join('/')}`);
  return parsed.ok && parsed.value.params.length === 0 ? parsed.value.path : undefined;
}

/** A route path under a prefix (`/v2` and `/pet` give `/v2/pet`; `/` gives the prefix). */
function underPrefix(prefix: string, path: string): string {
  if (prefix === '') return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * Where an operation goes: its route path and key at the spec's path (the server's prefix is put
 * in front when the route is planned), and the value that chooses it, if any.
 */
interface Placement {
  path: string;
  key: string;
  /** The route's path: the server's prefix, then `path`. */
  routePath: string;
  choice?: Omit<Discriminated, 'operation'>;
}

/**
 * The route an operation belongs to, or undefined (recorded as skipped) when its path cannot be
 * one. A `#name=value` or `?name=value` after the path (the first pair) says which value of a
 * header or query parameter chooses the operation; the parameter declared with that name says
 * which of the two, else `#` means a header (AWS JSON-RPC) and `?` a query parameter.
 */
export function placeOperation(operation: Operation, planner: Planner): Placement | undefined {
  const { specPath } = operation;
  const cut = specPath.search(/[#?]/);
  const base = cut === -1 ? specPath : specPath.slice(0, cut) || '/';
  let choice: Placement['choice'];
  if (cut !== -1) {
    const pair = specPath.slice(cut + 1).split('&')[0] ?? '';
    const equals = pair.indexOf('=');
    if (equals > 0) {
      const name = safeDecode(pair.slice(0, equals));
      const declared = operation.parameters.find(
        (p) => String(p.name).toLowerCase() === name.toLowerCase() && p.in !== 'path',
      );
      const place =
        declared?.in === 'header' || (!declared && specPath[cut] === '#') ? 'header' : 'query';
      choice = { name, value: safeDecode(pair.slice(equals + 1)), place };
    }
  }
  const saved = operation.node[MOCKSMITH_EXTENSIONS.path];
  const converted = routePathOf(base, operation);
  if (!converted.ok) {
    planner.skipped.push({ operation: operation.label, reason: converted.error });
    return undefined;
  }
  let { path, key } = converted;
  // A path saved by a Mocksmith export keeps its types and its tail, when it still is this one.
  if (typeof saved === 'string') {
    const parsed = parsePathTemplate(saved);
    if (parsed.ok && shapeOf(parsed.value.openApiPath) === shapeOf(base)) {
      path = parsed.value.path;
      key = parsed.value.key;
    }
  }
  const placed = parsePathTemplate(underPrefix(planner.prefix, path));
  if (!placed.ok) {
    planner.skipped.push({ operation: operation.label, reason: placed.error });
    return undefined;
  }
  for (const segment of converted.widened) {
    planner.warnings.push(
      projectImportTexts.widened(
        operation.label,
        segment,
        routeLabel(operation.method, placed.value.path),
      ),
    );
  }
  return { path, key, routePath: placed.value.path, ...(choice && { choice }) };
}

/** A path with its parameters unnamed, to compare two notations of one path. */
function shapeOf(path: string): string {
  return path.replace(/\{[^{}]*\}/g, '{}').replace(/\/+$/, '') || '/';
}

/** A literal character of a route path segment (RFC 3986 pchar, `%` only in an encoding). */
const LITERAL_CHAR = /^[A-Za-z0-9._~!$&'()+,;=:@-]$/;

/**
 * The route path of a spec path: `{name}` segments become parameters typed as their declared
 * schema says (integer, number, boolean), their names made of the characters our syntax allows;
 * a segment mixing text and a parameter (`/reports.{format}`) becomes a whole parameter
 * (widened, reported); other characters of literal segments are percent-encoded.
 */
function routePathOf(
  specPath: string,
  operation: Operation,
): { ok: true; path: string; key: string; widened: string[] } | { ok: false; error: string } {
  const used = new Set<string>();
  const widened: string[] = [];
  const segments = specPath.split('/').map((segment, index, all) => {
    if (index === 0 || (segment === '' && index === all.length - 1)) return segment;
    const whole = /^\{([^{}]+)\}$/.exec(segment);
    if (whole) {
      const name = whole[1] as string;
      const type = declaredType(operation, name);
      const own = paramName(name, used);
      return type === 'string' ? `{${own}}` : `{${own}:${type}}`;
    }
    const inner = /\{([^{}]+)\}/.exec(segment);
    if (inner) {
      widened.push(segment);
      return `{${paramName(inner[1] as string, used)}}`;
    }
    return encodeLiteral(segment);
  });
  const parsed = parsePathTemplate(segments.join('/') || '/');
  if (!parsed.ok) return parsed;
  return { ok: true, path: parsed.value.path, key: parsed.value.key, widened };
}

/** A parameter name of our syntax (letters, digits, `_`; not a digit first), unique in the path. */
function paramName(name: string, used: Set<string>): string {
  let own = name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 60);
  if (!/^[A-Za-z_]/.test(own)) own = `_${own}`;
  let unique = own;
  for (let n = 2; used.has(unique); n++) unique = `${own}${n}`;
  used.add(unique);
  return unique;
}

/** The type a path parameter's schema declares (Swagger 2.0: the parameter's own `type`). */
function declaredType(operation: Operation, name: string): PathParamType {
  const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
  if (!parameter) return 'string';
  const schema = isNode(parameter.schema) ? parameter.schema : parameter;
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type) => type !== 'null',
  );
  const type = types.length === 1 ? types[0] : undefined;
  return type === 'integer' || type === 'number' || type === 'boolean' ? type : 'string';
}

function encodeLiteral(segment: string): string {
  let out = '';
  let i = 0;
  for (const char of segment) {
    const at = i;
    i += char.length;
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(segment.slice(at + 1, at + 3))) out += char;
    else if (LITERAL_CHAR.test(char)) out += char;
    else out += percentEncoded(char);
  }
  return out;
}

/** A character as UTF-8 percent-encodings; a lone surrogate as U+FFFD's. */
function percentEncoded(char: string): string {
  try {
    return encodeURIComponent(char).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  } catch {
    return '%EF%BF%BD';
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The names the route gives the spec's path parameters (`order-id` → `order_id`): a spec path's
 * `{name}` segment and the route path's parameter segment at the same place. A parameter the
 * route widened (`/reports.{format}`) has none.
 */
export function pathParamNames(operation: Operation, routePath: string): Map<string, string> {
  const names = new Map<string, string>();
  const cutAt = operation.specPath.search(/[#?]/);
  const base = cutAt === -1 ? operation.specPath : operation.specPath.slice(0, cutAt) || '/';
  const spec = base.split('/');
  const route = routePath.split('/');
  for (const [index, segment] of spec.entries()) {
    const from = /^\{([^{}]+)\}$/.exec(segment)?.[1];
    const to = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::[a-z]+)?\}$/.exec(route[index] ?? '')?.[1];
    if (from !== undefined && to !== undefined) names.set(from, to);
  }
  return names;
}

/** A route's name: the summary, else the operationId, else `METHOD /path`; cut to the limit. */
export function operationName(operation: Operation): string {
  for (const field of ['summary', 'operationId']) {
    const value = operation.node[field];
    if (typeof value !== 'string') continue;
    const text = value.replace(/\p{Cc}+/gu, ' ').trim();
    if (text !== '') return cut(text, MAX_NAME_LENGTH);
  }
  return cut(operation.label, MAX_NAME_LENGTH);
}

export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A response name a `Prefer` header can carry: no `,` `;` `=` (made `-`), single spaces, within
 * the length limit; `fallback` when nothing is left.
 */
export function responseName(raw: string, fallback: string): string {
  const name = raw
    .replace(/[,;=]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_RESPONSE_NAME_LENGTH)
    .trimEnd();
  return name === '' ? fallback : name;
}

export function uniqueName(name: string, used: Set<string>): string {
  let unique = name;
  for (let n = 2; used.has(unique); n++) {
    const suffix = ` ${n}`;
    unique = `${name.slice(0, MAX_RESPONSE_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
  }
  used.add(unique);
  return unique;
}
