import { type PathParamType, parsePathTemplate } from '@mocksmith/core/projects';

/** A value of each declared parameter type that the route matches. */
const SAMPLE_VALUES: Record<PathParamType, string> = {
  string: '1',
  integer: '1',
  number: '1',
  boolean: 'true',
};

/** What a tail (`*`) is filled with in a sample path. */
const SAMPLE_TAIL = 'sample';

/**
 * A path the route answers, for a first call: each `{param}` replaced by a value of its type
 * (`/users/{id}` gives `/users/1`, `{on:boolean}` gives `true`), a tail `*` by `sample`. A path
 * that does not parse comes back as it is.
 */
export function samplePath(template: string): string {
  const parsed = parsePathTemplate(template);
  if (!parsed.ok) return template;
  const params = [...parsed.value.params];
  if (parsed.value.path === '/') return '/';
  return parsed.value.path
    .split('/')
    .map((segment) => {
      if (segment === '*') return SAMPLE_TAIL;
      if (!segment.startsWith('{')) return segment;
      const param = params.shift();
      return param ? SAMPLE_VALUES[param.type] : SAMPLE_VALUES.string;
    })
    .join('/');
}

/** A path as typed, with its leading slash. */
function withSlash(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** A query as typed, without its leading `?`. */
function bareQuery(query: string): string {
  return query.trim().replace(/^\?+/, '');
}

/**
 * The URL a test call goes to, as shown: the project's base URL, the path and the query
 * (`page=2&size=10`, with or without its `?`).
 */
export function liveUrl(baseUrl: string, path: string, query: string): string {
  const search = bareQuery(query);
  return `${baseUrl.replace(/\/+$/, '')}${withSlash(path)}${search ? `?${search}` : ''}`;
}

/**
 * A query string as a template reads it (`request.query`): one value per key, or a list for a
 * repeated key.
 */
export function queryRecord(query: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(bareQuery(query))) {
    const known = record[key];
    record[key] =
      known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return record;
}

/**
 * The `Prefer` header that asks a route for one of its responses by name (as Prism reads it);
 * a name with spaces goes quoted.
 */
export function preferExample(name: string): string {
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)
    ? `example=${name}`
    : `example="${name.replace(/["\\]/g, '\\$&')}"`;
}

/** The methods whose calls carry a body. */
export function hasBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}
