/**
 * Reading the document an import into a project walks (openapi-import.ts): its operations with
 * their parameters, its first server's path, and the state the plan keeps while it walks.
 */
import type { AnswerContext, Node } from '../openapi/answer.ts';
import { isNode } from '../openapi/answer.ts';
import type { RouteMethod } from './model.ts';
import type { SkippedImport } from './openapi-import.ts';

/** The operation keys of a path item, in the order OpenAPI lists them. */
export const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** One operation of the document, where it sits. */
export interface Operation {
  node: Node;
  /** The path item's and the operation's parameters, the operation's winning. */
  parameters: Node[];
  /** `get`, `post`... */
  key: string;
  method: RouteMethod;
  specPath: string;
  label: string;
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
export function parametersOf(item: Node, operation: Node): Node[] {
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
