/**
 * The texts and limits of the API screens and calls, apart from their schemas so that a page can
 * show them without loading the validation library (api.ts re-exports them).
 */
import { MAX_DELAY_MS } from '../limits.ts';

/** The longest custom endpoint, in characters. */
export const MAX_CUSTOM_ENDPOINT_LENGTH = 200;
/** The longest API name, in characters. */
export const MAX_NAME_LENGTH = 100;
/** The longest description, in characters. */
export const MAX_DESCRIPTION_LENGTH = 500;

/**
 * The community gallery's categories (spec section 3), value and label (here, with the texts, so
 * that a page can list them without the validation library; api.ts re-exports them).
 */
export const TEMPLATE_CATEGORIES = [
  { value: 'blog', label: 'Blog & CMS' },
  { value: 'ecommerce', label: 'E-commerce' },
  { value: 'social', label: 'Social Media' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'auth', label: 'Authentication' },
  { value: 'other', label: 'Other' },
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]['value'];

/** The name of an anonymous API created without one (the landing page's demo). */
export const DEMO_API_NAME = 'Demo API';

/** The message of a custom endpoint that is not slash-separated URL-safe segments. */
export const CUSTOM_ENDPOINT_MESSAGE =
  'Custom endpoint must be slash-separated segments of letters, digits, "-", "_", "." or "~" (no "." or ".." segments), with {name} for a segment part that matches any value, such as /users/list or /users/{id}';

/** The message of a delay that is not a whole number of milliseconds from 0 to 10000. */
export const DELAY_MESSAGE = `Delay must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`;

/** The shortest description of a public API. */
export const MIN_PUBLIC_DESCRIPTION_LENGTH = 10;
/** The most tags of an API. */
export const MAX_TAGS = 10;
/** The longest tag, in characters. */
export const MAX_TAG_LENGTH = 20;
/** The most custom response headers of an API. */
export const MAX_CUSTOM_HEADERS = 20;
/** The longest custom header value, in characters. */
export const MAX_HEADER_VALUE_LENGTH = 1024;

/** Texts of the template calls and screens; those the spec quotes are word for word. */
export const apiMessages = {
  nameRequired: 'API name is required',
  categoryRequired: 'Category is required when sharing with community',
  descriptionRequired:
    'Description (minimum 10 characters) is required when sharing with community',
  endpointTaken: 'This custom endpoint is already in use. Please choose a different endpoint.',
  saveFailed: 'Failed to save template',
  justCreated:
    'You created this same API a few seconds ago (same name, template, method and endpoint), so it was not created again. Change something to create another one.',
  updated: 'Template updated successfully',
  updateFailed: 'Failed to update template',
  deleted: 'Template deleted successfully',
  deleteFailed: 'Failed to delete template',
  notFound: 'This API does not exist or was deleted.',
  forbidden: 'You can only access your own APIs.',
  testFailed: 'An error occurred while testing the API.',
  tooManyTags: `At most ${MAX_TAGS} tags are allowed`,
  tagTooLong: (tag: string) => `Tag "${tag}" is longer than ${MAX_TAG_LENGTH} characters`,
  duplicateTag: (tag: string) => `Tag "${tag}" is given twice`,
  headerName: (name: string) =>
    `Header name "${name}" is not valid: use letters, digits and - only, such as X-Request-Id`,
  headerReserved: (name: string) =>
    `Header "${name}" cannot be set on a mock API: the server sets it, or it acts on the visitor's browser`,
  headerNeeds401: (name: string) =>
    `Header "${name}" can only be set on an API that answers 401: it asks the caller to sign in, which only a 401 does`,
  headerValue: (name: string) =>
    `The value of header "${name}" must be one line of at most ${MAX_HEADER_VALUE_LENGTH} printable ASCII characters`,
  duplicateHeader: (name: string) => `Header "${name}" is given twice`,
  /** The warning when an API is saved to answer with an error status (history WARN, toast). */
  errorStatusWarning: (code: number) =>
    `This API will answer every call with status ${code}, an error status.`,
} as const;

/**
 * Headers a mock API may not set (lower case; `access-control-*` stands for every CORS header).
 * Some the server decides: framing and the connection (hop-by-hop), CORS, and the sandbox every
 * mock answer carries, with the other policies of the app's own pages (framing, the
 * cross-origin isolation headers, Permissions-Policy). The others act on the visitor's browser
 * beyond one answer (cookies, site data, redirects, HSTS, service workers, preloads, reporting,
 * alternative services), which no stranger's content may do to people who open its link.
 */
export const RESERVED_HEADER_NAMES = [
  // Framing and the connection.
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
  'host',
  // CORS and the sandbox.
  'access-control-*',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'permissions-policy',
  // Acting on the browser.
  'set-cookie',
  'set-cookie2',
  'clear-site-data',
  'refresh',
  'strict-transport-security',
  'service-worker-allowed',
  'link',
  'alt-svc',
  'nel',
  'report-to',
  'reporting-endpoints',
] as const;

const reservedHeaderNames: ReadonlySet<string> = new Set(RESERVED_HEADER_NAMES);

/** Whether a mock API may not set the header of this name (any case). */
export function isReservedHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return reservedHeaderNames.has(lower) || lower.startsWith('access-control-');
}

/**
 * Whether a header fits the API's status: `WWW-Authenticate` only on a 401, the one answer that
 * asks for credentials (RFC 9110 section 11.6.1); elsewhere it would make browsers prompt for a
 * password on a stranger's behalf.
 */
export function headerFitsStatus(name: string, httpCode: number): boolean {
  return httpCode === 401 || name.toLowerCase() !== 'www-authenticate';
}

/** The first header that does not fit the API's status (`headerFitsStatus`), with its reason. */
export function misfitHeaderIssue(
  headers: readonly { name: string }[],
  httpCode: number,
): { index: number; message: string } | null {
  const index = headers.findIndex((header) => !headerFitsStatus(header.name, httpCode));
  const header = headers[index];
  return header ? { index, message: apiMessages.headerNeeds401(header.name) } : null;
}

/** A bearer token of a protected mock API: `mck_` and at least 32 URL-safe characters. */
export const AUTH_TOKEN_PATTERN = /^mck_[A-Za-z0-9_-]{32,128}$/;

/** Tags as kept: each trimmed, the empty ones dropped. */
export function trimTags(tags: readonly string[]): string[] {
  return tags.map((tag) => tag.trim()).filter((tag) => tag !== '');
}

/**
 * What is wrong with these (trimmed) tags, in order: more than MAX_TAGS, a tag longer than
 * MAX_TAG_LENGTH, a tag given twice (ignoring case). Without zod: the dashboard checks a typed
 * tag with it before any schema is loaded, and `tagsSchema` refines with it.
 */
export function tagIssues(tags: readonly string[]): string[] {
  const issues: string[] = [];
  if (tags.length > MAX_TAGS) issues.push(apiMessages.tooManyTags);
  const seen = new Set<string>();
  for (const tag of tags) {
    if (tag.length > MAX_TAG_LENGTH) issues.push(apiMessages.tagTooLong(tag));
    if (seen.has(tag.toLowerCase())) issues.push(apiMessages.duplicateTag(tag));
    seen.add(tag.toLowerCase());
  }
  return issues;
}
