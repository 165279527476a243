/**
 * A project's bundle written as its directory (issue 38): what `pull` and the hosted export
 * make. Deterministic, so that exporting an unchanged project changes no file: routes and
 * collections in one order (order.ts), file names made from method and path (a clash settled
 * by that order), keys in one order, values left out where they are their defaults, templates
 * as values. The directory carries the JSON Schemas its files name in `.mocksmith/`, so that an
 * editor checks them with no network.
 */
import { stringify } from 'yaml';
import type { JsonValue } from '../json.ts';
import type { RouteResponse } from '../projects/model.ts';
import { networkProfileSchema } from '../schemas/network.ts';
import { routeRulesSchema } from '../schemas/rules.ts';
import type { CollectionOfFiles, ProjectBundle, RouteOfFiles } from './bundle.ts';
import { FILE_KINDS, fileJsonSchemaText, schemaFileName } from './json-schema.ts';
import { compareCollections, compareRoutes } from './order.ts';

export type FileFormat = 'yaml' | 'json';

/** Where a written directory keeps the JSON Schemas of its files. */
export const SCHEMA_FOLDER = '.mocksmith';

/** A file's value: its schema named first. */
type FileValue = Record<string, unknown> & { $schema: string };

/** The longest file name made from a route (before its extension and any `-2`). */
const MAX_STEM_LENGTH = 80;

/**
 * The files of a project's directory, by path relative to it: `mocksmith.yaml`, one
 * `routes/<method>-<path>.yaml` per route, one `collections/<name>.yaml` per collection, and
 * the three schemas in `.mocksmith/` (`.json` for each instead with format `json`).
 */
export function writeProjectFiles(bundle: ProjectBundle, format: FileFormat): Map<string, string> {
  const extension = format === 'yaml' ? 'yaml' : 'json';
  // VS Code's YAML support reads a file's schema from this comment, not from `$schema`.
  const text = (value: FileValue) =>
    format === 'yaml'
      ? `# yaml-language-server: $schema=${value.$schema}\n${stringify(value, { lineWidth: 0, aliasDuplicateObjects: false })}`
      : `${JSON.stringify(value, null, 2)}\n`;
  const files = new Map<string, string>();
  files.set(`mocksmith.${extension}`, text(projectValue(bundle, `${SCHEMA_FOLDER}/`)));

  const routeNames = new Set<string>();
  for (const route of [...bundle.routes].sort(compareRoutes)) {
    const name = freeName(routeFileStem(route.method, route.path), routeNames);
    files.set(`routes/${name}.${extension}`, text(routeValue(route)));
  }
  const collectionNames = new Set<string>();
  for (const collection of [...bundle.collections].sort(compareCollections)) {
    const name = freeName(collection.name, collectionNames);
    files.set(`collections/${name}.${extension}`, text(collectionValue(collection)));
  }
  for (const kind of FILE_KINDS) {
    files.set(`${SCHEMA_FOLDER}/${schemaFileName(kind)}`, fileJsonSchemaText(kind));
  }
  return files;
}

/**
 * A route's file name before its extension: its method and path in lower case, each run of
 * other characters than letters and digits one `-`, a parameter by its name (its type
 * dropped), a tail `*` as `any`: `GET /users/{id:integer}` gives `get-users-id`, `GET /files/*`
 * `get-files-any`, `GET /` gives `get-root`.
 */
export function routeFileStem(method: string, path: string): string {
  const words = path
    .replace(/\{([A-Za-z_][A-Za-z0-9_]*)(?::[a-z]+)?\}/g, '$1')
    .replace(/\/\*$/, '/any')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_STEM_LENGTH)
    .replace(/-+$/, '');
  return `${method.toLowerCase()}-${words === '' ? 'root' : words}`;
}

/**
 * `stem`, or `stem-2`, `stem-3`... when an earlier file took it: compared without case, since
 * the file systems of macOS and Windows do not tell `Users.yaml` from `users.yaml`.
 */
function freeName(stem: string, taken: Set<string>): string {
  let name = stem;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}`;
  taken.add(name.toLowerCase());
  return name;
}

export function projectValue({ project }: ProjectBundle, schemaFolder: string): FileValue {
  const { settings } = project;
  return {
    $schema: `${schemaFolder}${schemaFileName('project')}`,
    name: project.name,
    slug: project.slug,
    seed: project.seed,
    ...(project.spec !== undefined && { spec: project.spec }),
    settings: {
      overrides: settings.overrides,
      network: settings.network && networkProfileSchema.parse(settings.network),
      replay: settings.replay,
      logging: settings.logging,
      authToken: settings.authToken && { env: settings.authToken.env },
      validation: settings.validation ?? 'off',
      ...(settings.proxy
        ? {
            proxy: {
              url: settings.proxy.url,
              record: settings.proxy.record,
              recordLimit: settings.proxy.recordLimit,
            },
          }
        : {}),
    },
  };
}

/** A route file's value: what differs from the defaults, in the order of format.ts. */
export function routeValue(route: RouteOfFiles): FileValue {
  return {
    $schema: `../${SCHEMA_FOLDER}/${schemaFileName('route')}`,
    method: route.method,
    path: route.path,
    ...(route.name !== undefined && route.name !== '' && { name: route.name }),
    ...(route.mode !== 'default' && { mode: route.mode }),
    ...(!route.overrides && { overrides: false }),
    // Through their schemas, so that their keys are in the order reading gives them.
    ...(route.network !== null && { network: networkProfileSchema.parse(route.network) }),
    ...(route.authToken !== null && { authToken: { env: route.authToken.env } }),
    ...(route.rules.length > 0 && { rules: routeRulesSchema.parse(route.rules) }),
    responses: route.responses.map(responseValue),
  };
}

function responseValue(response: RouteResponse): Record<string, unknown> {
  return {
    name: response.name,
    status: response.status,
    ...(response.isDefault && { default: true }),
    ...(response.when && { when: { header: response.when.header, equals: response.when.equals } }),
    ...(response.delay !== 0 && { delay: response.delay }),
    ...(response.headers.length > 0 && {
      headers: response.headers.map(({ name, value }) => ({ name, value })),
    }),
    template: templateValue(response.template),
  };
}

export function collectionValue(collection: CollectionOfFiles): FileValue {
  return {
    $schema: `../${SCHEMA_FOLDER}/${schemaFileName('collection')}`,
    name: collection.name,
    path: collection.path,
    count: collection.count,
    unknownFields: collection.unknownFields,
    cascade: collection.cascade,
    ...(collection.authToken !== null && { authToken: { env: collection.authToken.env } }),
    template: collection.template,
  };
}

/**
 * A route's template as a value. The hosted service stores only templates that are JSON; a
 * text that is not would be written as it is, a string, which reading then refuses by name.
 */
function templateValue(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
