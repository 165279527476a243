/**
 * Reading the document an import walks (openapi-import.ts, and the stand-alone APIs' import,
 * openapi/plan.ts, over the same reading): its version, its operations with their parameters in
 * the order the document lists them, its first server's path, and the state the plan keeps while
 * it walks.
 */
import { importTexts } from '../errors.ts';
import { type AnswerContext, isNode, type Node } from '../openapi/answer.ts';
import { createSchemaValidator, dialectOf } from '../openapi/validator.ts';
import type { RouteMethod } from './model.ts';
import type { SkippedImport } from './openapi-import.ts';
import { routeLabel } from './openapi-import-texts.ts';

/** The operation keys of a path item, in the order OpenAPI lists them. */
const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** One operation of the document, where it sits, whatever its method. */
export interface DocumentOperation {
  node: Node;
  /** The path item's and the operation's parameters, the operation's winning. */
  parameters: Node[];
  /** `get`, `post`... */
  key: string;
  /** `GET`, `POST`... */
  method: string;
  specPath: string;
  /** `METHOD /path` as the spec writes it. */
  label: string;
}

/** An operation of a method a route answers. */
export interface Operation extends DocumentOperation {
  method: RouteMethod;
}

/**
 * A document opened for an import: what planning its answers reads (its dialect and validator,
 * the import's budget of schema nodes), or, for a document of no known version, the skip's reason
 * (`importTexts.unsupportedVersion`).
 */
export function openDocument(
  document: unknown,
  maxSchemaNodes: number,
): { ok: true; context: AnswerContext } | { ok: false; reason: string } {
  const dialect = dialectOf(document);
  if (!dialect || !isNode(document)) {
    const version = isNode(document)
      ? String(document.openapi ?? document.swagger)
      : typeof document;
    return { ok: false, reason: importTexts.unsupportedVersion(version) };
  }
  return {
    ok: true,
    context: {
      document,
      dialect,
      validator: createSchemaValidator(dialect),
      budget: { used: 0, limit: maxSchemaNodes },
    },
  };
}

/** The operations of a document, in the order its paths and their path items list them. */
export function* documentOperations(document: Node): Generator<DocumentOperation> {
  const paths = isNode(document.paths) ? document.paths : {};
  for (const [specPath, item] of Object.entries(paths)) {
    if (!isNode(item)) continue;
    for (const key of Object.keys(item)) {
      const node = item[key];
      if (!OPERATION_KEYS.includes(key) || !isNode(node)) continue;
      const method = key.toUpperCase();
      yield {
        node,
        parameters: parametersOf(item, node),
        key,
        method,
        specPath,
        label: routeLabel(method, specPath),
      };
    }
  }
}

/** An operation that answers when a header (or a query parameter) has one value. */
export interface Discriminated {
  operation: Operation;
  name: string;
  value: string;
  /** Where the spec reads the value. */
  place: 'header' | 'query';
}

/** The plan's state while it walks the document. */
export interface Planner {
  context: AnswerContext;
  warnings: string[];
  skipped: SkippedImport[];
  /** The server's base path kept in front of every route's path ('' for none). */
  prefix: string;
}

/**
 * The path of the first server (OpenAPI 3: `servers[0].url`, its variables at their defaults;
 * Swagger 2.0: `basePath`), without a trailing slash; '' when there is none. The routes are
 * planned at the spec's paths, which are relative to it: the project's base URL takes its place.
 */
export function serverBasePath(document: Node): string {
  let url: string | undefined;
  if (typeof document.basePath === 'string') url = document.basePath;
  else if (Array.isArray(document.servers) && isNode(document.servers[0])) {
    const server = document.servers[0];
    if (typeof server.url === 'string') {
      const variables = isNode(server.variables) ? server.variables : {};
      url = server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
        const variable = variables[name];
        return isNode(variable) && typeof variable.default === 'string' ? variable.default : whole;
      });
    }
  }
  if (url === undefined) return '';
  const path = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '').split(/[?#]/)[0] ?? '';
  return path.replace(/\/+$/, '');
}

/** The parameters of an operation: the path item's, overridden by the operation's (name and in). */
function parametersOf(item: Node, operation: Node): Node[] {
  const byKey = new Map<string, Node>();
  for (const list of [item.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) {
      if (isNode(parameter) && typeof parameter.name === 'string')
        byKey.set(`${String(parameter.in)} ${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}
