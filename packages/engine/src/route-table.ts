/**
 * A project's route table: its routes compiled once per project version into Fastify's own
 * router (find-my-way), so a call to the project's base URL matches as on a real server: a
 * static segment beats a parameter (`/users/me` before `/users/{id}`), a longer static prefix
 * wins, a trailing slash or a doubled one matches, the query never counts, and `*` takes the
 * rest of the path. A path with routes for other methods is a 405 (with `Allow`); an unknown one
 * a 404 that lists the routes closest to it.
 */
import {
  type PathTemplate,
  parsePathTemplate,
  type RouteMethod,
  typedParam,
} from '@mocksmith/core/projects';
import { distance } from 'fastest-levenshtein';
import FindMyWay from 'find-my-way';

/** A route of the table: what it answers (a compiled API, any shape) at a method and path. */
export interface TableRoute<T> {
  method: RouteMethod;
  path: PathTemplate;
  value: T;
}

export type RouteMatch<T> =
  | { kind: 'route'; route: TableRoute<T>; params: Record<string, string | number | boolean> }
  /** The path has routes, none for this method: their methods, for `Allow`. */
  | { kind: 'method'; allow: string }
  | { kind: 'none' };

const METHODS: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A path template in find-my-way's syntax: `{id}` → `:id`, a literal `:` doubled. */
function routerPath(template: PathTemplate): string {
  if (template.path === '/') return '/';
  return `/${template.path
    .slice(1)
    .split('/')
    .map((segment) => {
      if (segment === '*') return '*';
      const param = /^\{([^:}]+)/.exec(segment);
      if (param) return `:${param[1]}`;
      return safeDecode(segment).replaceAll(':', '::');
    })
    .join('/')}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface RouteTable<T> {
  /** The route of a call, or why there is none. `path` is after the base URL, query allowed. */
  match(method: string, path: string): RouteMatch<T>;
  /** Up to `count` routes, closest to `path` first, as `METHOD /path`. */
  closest(path: string, count?: number): string[];
  readonly routes: readonly TableRoute<T>[];
}

/**
 * Compiles routes into a table. Two routes of one method and key (parameter names aside) never
 * reach here (the database refuses the second); one that find-my-way still refuses is left out
 * rather than failing the whole project, and so is a place already taken by an earlier one (a
 * collection's nested list where a route answers: the route keeps it).
 */
export function compileRouteTable<T>(
  routes: readonly { method: RouteMethod; path: string; value: T }[],
): RouteTable<T> {
  const router = FindMyWay({
    ignoreTrailingSlash: true,
    ignoreDuplicateSlashes: true,
    caseSensitive: true,
    maxParamLength: 1000,
  });
  const table: TableRoute<T>[] = [];
  for (const route of routes) {
    const parsed = parsePathTemplate(route.path);
    if (!parsed.ok) continue;
    const entry: TableRoute<T> = { method: route.method, path: parsed.value, value: route.value };
    try {
      router.on(route.method, routerPath(parsed.value), () => {}, entry);
    } catch {
      continue;
    }
    table.push(entry);
  }

  const typed = (entry: TableRoute<T>, raw: Record<string, string | undefined>) => {
    const params: Record<string, string | number | boolean> = {};
    for (const declared of entry.path.params) {
      const value = typedParam(declared.type, raw[declared.name] ?? '');
      if (value === undefined) return null;
      params[declared.name] = value;
    }
    // The rest of a tail route, as templates read it: `{{request.params.tail}}`.
    if (entry.path.tail) params.tail = raw['*'] ?? '';
    return params;
  };

  const find = (method: RouteMethod, path: string) => {
    const found = router.find(method, path);
    if (!found) return null;
    const entry = found.store as TableRoute<T>;
    const params = typed(entry, found.params);
    return params ? { entry, params } : null;
  };

  return {
    routes: table,
    match(method, path) {
      const asked = (method === 'HEAD' ? 'GET' : method) as RouteMethod;
      if (METHODS.includes(asked)) {
        const found = find(asked, path);
        if (found) return { kind: 'route', route: found.entry, params: found.params };
      }
      const allowed = METHODS.filter((other) => other !== asked && find(other, path) !== null);
      if (allowed.length === 0) return { kind: 'none' };
      // In the order of METHODS, HEAD beside GET (answered for every GET route), OPTIONS last.
      const allow = allowed.flatMap((other) => (other === 'GET' ? ['GET', 'HEAD'] : [other]));
      return { kind: 'method', allow: [...allow, 'OPTIONS'].join(', ') };
    },
    closest(path, count = 5) {
      const asked = segmentsOf(path.split('?')[0] ?? '');
      return table
        .map((entry) => ({ entry, score: closeness(asked, entry.path) }))
        .sort((a, b) => a.score - b.score || a.entry.path.path.localeCompare(b.entry.path.path))
        .slice(0, count)
        .map(({ entry }) => `${entry.method} ${entry.path.path}`);
    },
  };
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * How far a called path is from a route: segment by segment, a parameter costs nothing, a
 * literal its edit distance; each segment one has and the other lacks costs its length (a
 * tail takes any rest). Lower is closer.
 */
function closeness(asked: string[], template: PathTemplate): number {
  const wanted = segmentsOf(template.path);
  let score = 0;
  const length = Math.max(asked.length, wanted.length);
  for (let index = 0; index < length; index++) {
    const segment = wanted[index];
    const given = asked[index];
    if (segment === '*') return score;
    if (segment === undefined) score += (given as string).length + 1;
    else if (given === undefined) score += segment.length + 1;
    else if (!segment.startsWith('{')) score += distance(safeDecode(segment), safeDecode(given));
  }
  return score;
}
