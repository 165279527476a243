import type { NetworkProfile } from '@mocksmith/core/network';
import { formatJsonText } from '../../../components/template-editor/text/template-text.ts';
import type { ProjectRoute } from '../types.ts';
import { networkDraftOf } from './network-draft.ts';
import type { ResponseDraftInput, RouteDraftInput } from './route-draft-schema.ts';
import { ruleDraftOf } from './rule-draft.ts';

// A route as the route editor holds it: the drafts its form starts from. Its rules (a zod schema
// with core's, and the conversion to the management API's input) are in route-draft-schema.ts,
// loaded with the form's first check, so that the editor's first render builds no schema.

export type {
  ResponseDraftInput,
  RouteDraft,
  RouteDraftInput,
} from './route-draft-schema.ts';

/** What a new route's first response generates. */
const FIRST_TEMPLATE = JSON.stringify({ id: 'uuid', name: 'string' }, null, 2);

/** A new response, named `response-N` after the ones there are (a name not yet taken). */
export function newResponseDraft(taken: readonly string[] = []): ResponseDraftInput {
  let number = taken.length + 1;
  while (taken.includes(`response-${number}`)) number += 1;
  return {
    name: taken.length === 0 ? 'ok' : `response-${number}`,
    status: '200',
    delay: '0',
    template: taken.length === 0 ? FIRST_TEMPLATE : '{}',
    headers: [],
    when: null,
  };
}

/**
 * A new route: GET at `/`, answering one response, `ok`, with the project's network profile
 * (its own profile, when chosen, starts from the project's).
 */
export function newRouteDraft(projectNetwork: NetworkProfile | null = null): RouteDraftInput {
  return {
    method: 'GET',
    path: '/',
    name: '',
    responseMode: 'default',
    authToken: null,
    rules: [],
    networkMode: 'project',
    network: networkDraftOf(projectNetwork),
    overrides: true,
    defaultResponse: '0',
    responses: [newResponseDraft()],
  };
}

/**
 * The editor filled from a stored route; templates shown pretty-printed. A route without a
 * profile of its own uses the project's, which its own starts from when chosen.
 */
export function draftOf(
  stored: ProjectRoute,
  projectNetwork: NetworkProfile | null = null,
): RouteDraftInput {
  const index = stored.responses.findIndex((item) => item.isDefault);
  return {
    method: stored.method,
    path: stored.path,
    name: stored.name,
    responseMode: stored.mode,
    authToken: stored.authToken,
    rules: stored.rules.map(ruleDraftOf),
    networkMode: stored.network === null ? 'project' : 'own',
    network: networkDraftOf(stored.network ?? projectNetwork),
    overrides: stored.overrides,
    defaultResponse: String(Math.max(index, 0)),
    responses: stored.responses.map((item) => ({
      name: item.name,
      status: String(item.status),
      delay: String(item.delay),
      template: formatJsonText(item.template) ?? item.template,
      headers: item.headers.map((header) => ({ ...header })),
      when: item.when ? { ...item.when } : null,
    })),
  };
}

/** The editor's field for each path of a refused body, for `setServerErrors`. */
export const ROUTE_DRAFT_FIELDS = {
  method: 'method',
  path: 'path',
  name: 'name',
  responseMode: 'responseMode',
  authToken: 'authToken',
  responses: 'responses',
} as const;
