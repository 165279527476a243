/**
 * Route path templates: `/users`, `/users/{id}`, `/users/{id:integer}/orders/{orderId}`,
 * `/files/*` (a tail). Parsed once when a route is saved, into what the router needs (its own
 * syntax), the key that tells two routes apart (parameter names do not: `/users/{id}` and
 * `/users/{userId}` are the same route), and the declared type of each parameter.
 */
import { MAX_ROUTE_PATH_LENGTH } from './model.ts';

/** The types a path parameter can be declared with; a request value of another shape gets no match. */
export const PATH_PARAM_TYPES = ['string', 'number', 'integer', 'boolean'] as const;
export type PathParamType = (typeof PATH_PARAM_TYPES)[number];

export interface PathParam {
  name: string;
  type: PathParamType;
}

export interface PathTemplate {
  /** As written, normalised: one leading slash, none trailing (but the root `/`). */
  path: string;
  /** The parameters in order; the tail, if any, is not one. */
  params: PathParam[];
  /** Whether the last segment is `*`: any rest of the path. */
  tail: boolean;
  /** The same route whatever its parameters are called: `/users/{}`, `/files/*`. */
  key: string;
  /** The path in OpenAPI's notation: `/users/{id}` (types dropped). */
  openApiPath: string;
}

export type PathTemplateResult = { ok: true; value: PathTemplate } | { ok: false; error: string };

/** A literal segment: RFC 3986 pchar, percent-encodings included. */
const LITERAL = /^(?:[A-Za-z0-9._~!$&'()+,;=:@-]|%[0-9A-Fa-f]{2})+$/;
const PARAM = /^\{([A-Za-z_][A-Za-z0-9_]{0,63})(?::([a-z]+))?\}$/;

/**
 * Parses a path template, or says what is wrong with it (in words a user can act on). A
 * parameter is a whole segment; `*` only as the last segment.
 */
export function parsePathTemplate(raw: string): PathTemplateResult {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, error: 'The path is required: start it with /' };
  if (!trimmed.startsWith('/'))
    return { ok: false, error: `The path "${trimmed}" must start with /` };
  if (trimmed.length > MAX_ROUTE_PATH_LENGTH) {
    return { ok: false, error: `The path is longer than ${MAX_ROUTE_PATH_LENGTH} characters` };
  }
  if (trimmed.includes('?') || trimmed.includes('#')) {
    return {
      ok: false,
      error: 'The path cannot hold a query (?) or a fragment (#): queries never affect matching',
    };
  }
  const segments = trimmed.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (segments.length === 1 && segments[0] === '') {
    return { ok: true, value: { path: '/', params: [], tail: false, key: '/', openApiPath: '/' } };
  }
  const params: PathParam[] = [];
  const keyParts: string[] = [];
  const openApiParts: string[] = [];
  const seen = new Set<string>();
  let tail = false;
  for (const [index, segment] of segments.entries()) {
    if (segment === '')
      return { ok: false, error: `The path "${trimmed}" has an empty segment (//)` };
    if (segment === '.' || segment === '..') {
      return { ok: false, error: `The path "${trimmed}" cannot hold "." or ".." segments` };
    }
    if (segment === '*') {
      if (index !== segments.length - 1) {
        return { ok: false, error: 'A * (any rest of the path) can only be the last segment' };
      }
      tail = true;
      keyParts.push('*');
      openApiParts.push('{path}');
      continue;
    }
    const param = PARAM.exec(segment);
    if (param) {
      const name = param[1] as string;
      const type = (param[2] ?? 'string') as PathParamType;
      if (!(PATH_PARAM_TYPES as readonly string[]).includes(type)) {
        return {
          ok: false,
          error: `The parameter {${name}:${param[2]}} has an unknown type: use ${PATH_PARAM_TYPES.join(', ')}`,
        };
      }
      if (seen.has(name))
        return { ok: false, error: `The parameter {${name}} appears twice in the path` };
      seen.add(name);
      params.push({ name, type });
      keyParts.push('{}');
      openApiParts.push(`{${name}}`);
      continue;
    }
    if (segment.includes('{') || segment.includes('}')) {
      return {
        ok: false,
        error: `The segment "${segment}" mixes text and a parameter: a parameter, {name}, is a whole segment`,
      };
    }
    if (!LITERAL.test(segment)) {
      return {
        ok: false,
        error: `The segment "${segment}" holds a character a URL path cannot: use letters, digits and - . _ ~ (or %XX)`,
      };
    }
    keyParts.push(segment);
    openApiParts.push(segment);
  }
  return {
    ok: true,
    value: {
      path: `/${segments.join('/')}`,
      params,
      tail,
      key: `/${keyParts.join('/')}`,
      openApiPath: `/${openApiParts.join('/')}`,
    },
  };
}

/**
 * The value of a declared parameter as a template reads it: a number for `number` and
 * `integer`, a boolean for `boolean`, the text otherwise; undefined when the text is not of the
 * declared shape (the route does not match).
 */
export function typedParam(
  type: PathParamType,
  text: string,
): string | number | boolean | undefined {
  switch (type) {
    case 'string':
      return text;
    case 'integer':
      return /^-?\d{1,15}$/.test(text) ? Number(text) : undefined;
    case 'number':
      return /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) &&
        Number.isFinite(Number(text))
        ? Number(text)
        : undefined;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
  }
}

/**
 * The parameters of a path under a template, typed as declared, or null when the path is not
 * one of the template's (a segment of another text, a value of another type). For previews and
 * tests; the live URLs are matched by the server's router, which agrees with this.
 */
export function paramsFromPath(
  template: PathTemplate,
  path: string,
): Record<string, string | number | boolean> | null {
  const wanted = template.path === '/' ? [] : template.path.slice(1).split('/');
  const given = path.split('?')[0]?.replace(/^\/+/, '').replace(/\/+$/, '') ?? '';
  const parts = given === '' ? [] : given.split('/');
  const params: Record<string, string | number | boolean> = {};
  let param = 0;
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') {
      if (parts.length < index) return null;
      // As the router gives it: `{{request.params.tail}}`.
      params.tail = parts.slice(index).map(safeDecode).join('/');
      return params;
    }
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.startsWith('{')) {
      const declared = template.params[param++] as PathParam;
      const value = typedParam(declared.type, safeDecode(part));
      if (value === undefined) return null;
      params[declared.name] = value;
    } else if (safeDecode(segment) !== safeDecode(part)) {
      return null;
    }
  }
  return parts.length === wanted.length ? params : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
