/**
 * A project's directory read into its bundle (issue 38): each file parsed and checked against
 * its kind's schema (format.ts) and by the checks the management API makes on a save (templates,
 * rules, headers that fit the status), then the files checked together (one route per method
 * and path, collections with distinct names and paths, no route where a collection answers).
 * Pure: the caller reads the directory and passes the texts, by path relative to it.
 */
import { recordTemplateIssues } from '../collections/records.ts';
import type { JsonObject } from '../json.ts';
import { MAX_ROUTES_PER_PROJECT, type RouteResponse } from '../projects/model.ts';
import { parsePathTemplate } from '../projects/path-template.ts';
import { ruleProblems } from '../projects/rule-match.ts';
import { misfitHeaderIssue } from '../schemas/api-texts.ts';
import { MAX_COLLECTIONS_PER_PROJECT } from '../schemas/collections.ts';
import type { z } from '../schemas/zod.ts';
import { prepareTemplate } from '../template/compile.ts';
import type {
  CollectionOfFiles,
  FileProblem,
  ProjectBundle,
  ProjectOfFiles,
  RouteOfFiles,
} from './bundle.ts';
import {
  type CollectionFile,
  collectionFileSchema,
  type ProjectFile,
  projectFileSchema,
  type RouteFile,
  routeFileSchema,
} from './format.ts';
import {
  formatValuePath,
  type ParsedFile,
  parseFileText,
  segmentsOfJsonPath,
  type ValuePath,
} from './lines.ts';
import { compareCollections, compareRoutes } from './order.ts';

/** What reading a directory gives: the bundle and what was ignored, or every problem found. */
export type ReadProjectResult =
  | { ok: true; value: ProjectBundle; warnings: FileProblem[] }
  | { ok: false; problems: FileProblem[] };

/** How to read: the largest answer a template may give (the server passes its configured one). */
export interface ReadOptions {
  maxResponseBytes?: number;
}

/** The project file's names, in the order they are looked for. */
export const PROJECT_FILE_NAMES = ['mocksmith.yaml', 'mocksmith.yml', 'mocksmith.json'] as const;
const FILE_EXTENSION = /\.(?:ya?ml|json)$/;

/** A file of the directory, checked: its value, and where its keys are. */
interface Checked<T> {
  file: string;
  value: T;
  lineOf(path: ValuePath): number;
}

/**
 * Reads a project from its files (paths relative to the directory, `/` between folders). The
 * project file is `mocksmith.yaml` (or `.yml`, `.json`); every `.yaml`, `.yml` and `.json` under
 * `routes/` is a route and under `collections/` a collection, whatever its name; other files
 * under those two folders are ignored with a warning, and files elsewhere (a README, the
 * `.mocksmith/` schemas) quietly.
 */
export function readProjectFiles(
  files: ReadonlyMap<string, string>,
  options: ReadOptions = {},
): ReadProjectResult {
  const problems: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  const projectTexts: [string, string][] = [];
  const routeTexts: [string, string][] = [];
  const collectionTexts: [string, string][] = [];
  for (const [raw, text] of files) {
    const file = raw.replaceAll('\\', '/').replace(/^(?:\.\/)+/, '');
    const base = file.slice(file.lastIndexOf('/') + 1);
    if ((PROJECT_FILE_NAMES as readonly string[]).includes(file)) projectTexts.push([file, text]);
    else if (file.startsWith('routes/') || file.startsWith('collections/')) {
      const kind = file.startsWith('routes/') ? routeTexts : collectionTexts;
      if (FILE_EXTENSION.test(file)) kind.push([file, text]);
      else if (!base.startsWith('.')) {
        warnings.push({
          file,
          message: 'Ignored: only .yaml, .yml and .json files are read in routes/ and collections/',
        });
      }
    }
  }
  const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : 1);
  routeTexts.sort(byName);
  collectionTexts.sort(byName);

  let project: Checked<ProjectFile> | undefined;
  if (projectTexts.length === 0) {
    problems.push({
      file: 'mocksmith.yaml',
      message:
        'The project file is missing: mocksmith.yaml (or mocksmith.json) at the root names the project (name, slug) and holds its settings',
    });
  } else if (projectTexts.length > 1) {
    for (const [file] of projectTexts) {
      problems.push({
        file,
        message: `A directory holds one project file; this one has ${projectTexts.map(([name]) => name).join(' and ')}`,
      });
    }
  } else {
    const [file, text] = projectTexts[0] as [string, string];
    project = checkFile(file, text, projectFileSchema, problems);
  }

  const routes: Checked<RouteFile>[] = [];
  for (const [file, text] of routeTexts) {
    const route = checkFile(file, text, routeFileSchema, problems);
    if (route && checkRoute(route, problems, options)) routes.push(route);
  }
  const collections: Checked<CollectionFile>[] = [];
  for (const [file, text] of collectionTexts) {
    const collection = checkFile(file, text, collectionFileSchema, problems);
    if (collection && checkCollection(collection, problems)) collections.push(collection);
  }
  checkTogether(routes, collections, problems);

  if (problems.length > 0 || !project) return { ok: false, problems };
  const value: ProjectBundle = {
    project: projectOf(project.value),
    routes: routes.map((route) => routeOf(route.value)).sort(compareRoutes),
    collections: collections
      .map((collection) => collectionOf(collection.value))
      .sort(compareCollections),
  };
  return { ok: true, value, warnings };
}

/** A problem as one line of a terminal: `routes/users.yaml:12: responses[0].status: ...`. */
export function formatFileProblem(problem: FileProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  return `${where}: ${problem.message}`;
}

/** Parses a file and checks it against its schema; its problems are added to `problems`. */
function checkFile<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  problems: FileProblem[],
): Checked<z.infer<S>> | undefined {
  const parsed = parseFileText(file, text);
  if (!parsed.ok) {
    problems.push(...parsed.problems);
    return undefined;
  }
  const result = schema.safeParse(parsed.file.value);
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push(problemAt(file, parsed.file, issue.path, issue.message));
    }
    return undefined;
  }
  return { file, value: result.data, lineOf: parsed.file.lineOf };
}

/** A problem at a path of a file: its line, and the path named before the reason. */
function problemAt(
  file: string,
  where: Pick<ParsedFile, 'lineOf'>,
  path: ValuePath,
  message: string,
  naming = true,
): FileProblem {
  const named = naming ? formatValuePath(path) : '';
  return {
    file,
    line: where.lineOf(path),
    message: named === '' ? message : `${named}: ${message}`,
  };
}

/**
 * The checks the API makes when a route is saved, beyond its schema: its rules pick its
 * responses and read its parameters, each template is a valid template within the answer size
 * limit, no header is refused by its status. False when the route has a problem.
 */
function checkRoute(
  route: Checked<RouteFile>,
  problems: FileProblem[],
  { maxResponseBytes }: ReadOptions,
): boolean {
  const before = problems.length;
  const { value } = route;
  const path = parsePathTemplate(value.path);
  const paramNames = path.ok ? path.value.params.map((param) => param.name) : undefined;
  const names = value.responses.map((response) => response.name);
  for (const problem of ruleProblems(value.rules, names, paramNames)) {
    problems.push(problemAt(route.file, route, segmentsOfJsonPath(problem.path), problem.message));
  }
  for (const [index, response] of value.responses.entries()) {
    const at = ['responses', index, 'template'];
    const text = templateText(response.template, (message, inside) =>
      problems.push(problemAt(route.file, route, [...at, ...inside], message)),
    );
    if (text !== undefined) {
      const compiled = prepareTemplate(text, {
        mode: 'full',
        ...(maxResponseBytes !== undefined && { maxResponseBytes }),
      });
      if (!compiled.ok) {
        for (const issue of compiled.errors) {
          problems.push(
            problemAt(route.file, route, [...at, ...segmentsOfJsonPath(issue.path)], issue.message),
          );
        }
      }
    }
    const misfit = misfitHeaderIssue(response.headers, response.status);
    if (misfit) {
      problems.push(
        problemAt(route.file, route, ['responses', index, 'headers', misfit.index], misfit.message),
      );
    }
  }
  return problems.length === before;
}

/** The checks the API makes of a collection's record template. False when it has a problem. */
function checkCollection(collection: Checked<CollectionFile>, problems: FileProblem[]): boolean {
  const before = problems.length;
  const { file } = collection;
  const text = templateText(collection.value.template, (message, inside) =>
    problems.push(problemAt(file, collection, ['template', ...inside], message)),
  );
  if (text === undefined) return false;
  for (const issue of recordTemplateIssues(collection.value.template as JsonObject)) {
    problems.push(
      problemAt(file, collection, ['template', ...segmentsOfJsonPath(issue.path)], issue.message),
    );
  }
  return problems.length === before;
}

/**
 * A template value's JSON text, as the API stores a route's (two spaces of indent), or undefined
 * when YAML gave it what JSON cannot hold (`.inf`, `.nan`), told to `refuse` with where.
 */
function templateText(
  value: unknown,
  refuse: (message: string, path: PropertyKey[]) => void,
): string | undefined {
  const where = notJson(value, []);
  if (where) {
    refuse('a number JSON cannot write (.inf or .nan): templates are JSON values', where);
    return undefined;
  }
  return JSON.stringify(value, null, 2);
}

/** The path of the first value JSON cannot write, or undefined. */
function notJson(value: unknown, path: PropertyKey[]): PropertyKey[] | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = notJson(item, [...path, index]);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = notJson(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The checks across files, with the words of the API's refusals: one route per method and path
 * (whatever its parameters are called), one collection per name and per path, no route where a
 * collection answers (`GET POST {path}`, `GET PUT PATCH DELETE {path}/{id}`), and the project's
 * limits. A clash is told at the later file (by name), naming the earlier one.
 */
function checkTogether(
  routes: Checked<RouteFile>[],
  collections: Checked<CollectionFile>[],
  problems: FileProblem[],
): void {
  const routeAt = new Map<string, Checked<RouteFile>>();
  for (const route of routes) {
    const parsed = parsePathTemplate(route.value.path);
    const key = `${route.value.method} ${parsed.ok ? parsed.value.key : route.value.path}`;
    const earlier = routeAt.get(key);
    if (earlier) {
      problems.push(
        problemAt(
          route.file,
          route,
          ['path'],
          `${route.value.method} ${route.value.path} is also the route of ${earlier.file}: a project holds one route per method and path`,
          false,
        ),
      );
    } else routeAt.set(key, route);
  }
  const named = new Map<string, string>();
  const placed = new Map<string, string>();
  for (const collection of collections) {
    const { file, value } = collection;
    const path = value.path ?? `/${value.name}`;
    const sameName = named.get(value.name);
    if (sameName) {
      problems.push(
        problemAt(
          file,
          collection,
          ['name'],
          `This project already has a collection named "${value.name}" (${sameName})`,
          false,
        ),
      );
    } else named.set(value.name, file);
    const samePath = placed.get(path);
    if (samePath) {
      problems.push(
        problemAt(
          file,
          collection,
          value.path === undefined ? ['name'] : ['path'],
          `This project already has a collection at ${path} (${samePath})`,
          false,
        ),
      );
    } else placed.set(path, file);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const atList = method === 'GET' || method === 'POST';
      const atItem = method !== 'POST';
      for (const key of [atList && path, atItem && `${path}/{}`]) {
        const route = key ? routeAt.get(`${method} ${key}`) : undefined;
        if (!route) continue;
        problems.push(
          problemAt(
            route.file,
            route,
            ['path'],
            `${method} ${route.value.path} is answered by the collection "${value.name}" at ${path} (${file}): move or delete the route`,
            false,
          ),
        );
      }
    }
  }
  if (routes.length > MAX_ROUTES_PER_PROJECT) {
    problems.push({
      file: 'routes/',
      message: `A project holds at most ${MAX_ROUTES_PER_PROJECT} routes; this one has ${routes.length}`,
    });
  }
  if (collections.length > MAX_COLLECTIONS_PER_PROJECT) {
    problems.push({
      file: 'collections/',
      message: `A project holds at most ${MAX_COLLECTIONS_PER_PROJECT} collections; this one has ${collections.length}`,
    });
  }
}

function projectOf(file: ProjectFile): ProjectOfFiles {
  return {
    name: file.name,
    slug: file.slug,
    seed: file.seed,
    ...(file.spec !== undefined && { spec: file.spec }),
    settings: { ...file.settings },
  };
}

/** A route file as the bundle holds it: the templates as text, the default response marked. */
function routeOf(file: RouteFile): RouteOfFiles {
  const marked = file.responses.findIndex((response) => response.default === true);
  const defaultIndex = marked === -1 ? 0 : marked;
  const responses = file.responses.map(
    (response, index): RouteResponse => ({
      name: response.name,
      status: response.status,
      template: JSON.stringify(response.template, null, 2),
      headers: response.headers,
      delay: response.delay,
      isDefault: index === defaultIndex,
      when: response.when ?? null,
    }),
  );
  return {
    method: file.method,
    path: file.path,
    ...(file.name !== undefined && file.name !== '' && { name: file.name }),
    responses,
    mode: file.mode,
    rules: file.rules,
    network: file.network,
    overrides: file.overrides,
    authToken: file.authToken,
  };
}

function collectionOf(file: CollectionFile): CollectionOfFiles {
  return {
    name: file.name,
    path: file.path ?? `/${file.name}`,
    template: file.template as JsonObject,
    count: file.count,
    unknownFields: file.unknownFields,
    cascade: file.cascade,
    authToken: file.authToken,
  };
}
