import { formatJsonText } from '../../../components/template-editor/text/template-text.ts';
import type { Api } from '../types.ts';
import type { ApiDraft, ApiDraftInput } from './api-draft-schema.ts';

// An API as its form holds it: the drafts the form starts from, and a checked one as the spec's
// payloads say it. Its rules are in api-draft-schema.ts, loaded with the form's first check.

export type { ApiDraft, ApiDraftInput } from './api-draft-schema.ts';

/** A new API: GET, no delay, 200, no token, no headers, private. */
export function newApiDraft(template: string): ApiDraftInput {
  return {
    name: '',
    customEndpoint: '',
    method: 'GET',
    template,
    delay: '0',
    status: 200,
    authToken: null,
    headers: [],
    isPublic: false,
    category: '',
    description: '',
    tags: [],
  };
}

/**
 * The form filled from a stored API (the Edit modal starts from it). The template is stored as the
 * user saved it, often on one line: it is shown pretty-printed.
 */
export function draftOf(api: Api): ApiDraftInput {
  return {
    name: api.name,
    customEndpoint: api.customEndpoint ?? '',
    method: api.method,
    template: formatJsonText(api.template) ?? api.template,
    delay: String(api.delay),
    status: api.status,
    authToken: api.authToken,
    headers: api.headers.map((header) => ({ ...header })),
    isPublic: api.isPublic,
    category: api.category ?? '',
    description: api.description ?? '',
    tags: [...api.tags],
  };
}

/** A checked draft in the words of the spec's create and update payloads. */
export function toApiPayload(draft: ApiDraft) {
  return {
    name: draft.name,
    template: draft.template,
    requestEnum: draft.method,
    customEndpoint: draft.customEndpoint,
    option: { delay: draft.delay, authToken: draft.authToken, httpCode: draft.status },
    customHeaders: draft.headers,
    isPublic: draft.isPublic,
    category: draft.category,
    description: draft.description,
    tags: draft.tags,
  };
}

/**
 * The form's field for each path of a refused payload, for `setServerErrors`; update answers
 * name the sharing fields without `$.`, which reads the same.
 */
export const API_DRAFT_FIELDS = {
  name: 'name',
  customEndpoint: 'customEndpoint',
  requestEnum: 'method',
  template: 'template',
  'option.delay': 'delay',
  'option.httpCode': 'status',
  'option.authToken': 'authToken',
  customHeaders: 'headers',
  category: 'category',
  description: 'description',
  tags: 'tags',
} as const;
