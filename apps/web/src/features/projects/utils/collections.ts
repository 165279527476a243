import type { JsonValue } from '@mocksmith/core';
import { COLLECTION_NAME_PATTERN, recordTemplateFrom } from '@mocksmith/core/collections';
import { defaultResponseOf, parsePathTemplate } from '@mocksmith/core/projects';
import { parseJson, prettyJson } from '../../../components/template-editor/text/template-text.ts';
import type { ProjectRoute } from '../types.ts';
import { routeLabel } from './routes.ts';

/** The record template a new collection starts with. */
export const NEW_RECORD_TEMPLATE = prettyJson({
  id: 'uuid',
  name: 'string.name.fullname',
  email: 'email',
});

/** The records a new collection is seeded with, unless the user says otherwise. */
export const DEFAULT_RECORD_COUNT = 20;

/** What the New collection dialog starts from: a blank collection, or one made from a route. */
export interface CollectionSeed {
  name: string;
  /** The list's path; '' follows the name (`/{name}`) until the user types one. */
  path: string;
  /** The record template as JSON text. */
  template: string;
  /** Said in the dialog: where the fields came from, or why the template is the blank one. */
  note?: string;
  /** Made from a route: the project's routes at the collection's places go with its creation. */
  replaceRoutes?: boolean;
}

/** A blank new collection. */
export function blankCollectionSeed(): CollectionSeed {
  return { name: '', path: '', template: NEW_RECORD_TEMPLATE };
}

/**
 * A collection name from a path segment: the segment itself when it is one (`users`, `line-items`),
 * else its characters that a name cannot hold as `_`, and `_` before a leading digit.
 */
export function collectionNameFrom(segment: string): string {
  if (COLLECTION_NAME_PATTERN.test(segment)) return segment;
  const name = segment.replace(/[^A-Za-z0-9_-]/g, '_').replace(/^(?=[0-9-])/, '_');
  return name.slice(0, 40);
}

/**
 * A route turned into a collection: the path is the route's fixed segments before its first
 * parameter (`/users/{id}` and `/users` give `/users`, `/api/users/{id}` gives `/api/users`), the
 * name its last one (`users`), and the template the record of the route's default response (an
 * object, or the object element of a list, without `__multiply`).
 */
export function collectionSeedFromRoute(route: ProjectRoute): CollectionSeed {
  const parsed = parsePathTemplate(route.path);
  const segments = parsed.ok ? parsed.value.path.split('/').filter((part) => part !== '') : [];
  const fixed: string[] = [];
  for (const segment of segments) {
    if (segment.startsWith('{') || segment === '*') break;
    fixed.push(segment);
  }
  const last = fixed.at(-1);
  const response = defaultResponseOf(route);
  const parsedTemplate = response ? parseJson(response.template) : { ok: false as const };
  const record = parsedTemplate.ok ? recordTemplateFrom(parsedTemplate.value as JsonValue) : null;
  const label = routeLabel(route);
  return {
    name: last === undefined ? '' : collectionNameFrom(last),
    path: fixed.length === 0 ? '' : `/${fixed.join('/')}`,
    template: record ? prettyJson(record) : NEW_RECORD_TEMPLATE,
    note: record
      ? `From ${label}: the template of one record of its default response.`
      : `The default response of ${label} holds no object to make records of: write the template of one record.`,
    replaceRoutes: true,
  };
}
