/**
 * Error codes and the texts users see, shared by the server and the web so that both say the
 * same thing and the web can switch on `code`. Texts quoted by the product spec are exact.
 */
import {
  MAX_GENERATED_VALUES,
  MAX_MULTIPLY,
  MAX_PAGE_LIMIT,
  MAX_RESPONSE_BYTES,
  MAX_TEMPLATE_BYTES,
  MAX_TEMPLATE_DEPTH,
} from './limits.ts';

/**
 * Every error code the service answers, in one catalogue: the `code` of every error body of the
 * /backend API and the public mock URLs, and of every template problem. The web switches on
 * these; the server never answers a code that is not here.
 */
export const ErrorCode = {
  // The template language (each problem also names its JSONPath).
  INVALID_JSON: 'INVALID_JSON',
  TEMPLATE_TOO_LARGE: 'TEMPLATE_TOO_LARGE',
  TEMPLATE_NOT_CONTAINER: 'TEMPLATE_NOT_CONTAINER',
  TEMPLATE_TOO_DEEP: 'TEMPLATE_TOO_DEEP',
  TEMPLATE_OUTPUT_TOO_LARGE: 'TEMPLATE_OUTPUT_TOO_LARGE',
  TEMPLATE_RESPONSE_TOO_LARGE: 'TEMPLATE_RESPONSE_TOO_LARGE',
  NOT_JSON_VALUE: 'NOT_JSON_VALUE',
  DEMO_TYPE_NOT_ALLOWED: 'DEMO_TYPE_NOT_ALLOWED',
  MULTIPLY_FORMAT: 'MULTIPLY_FORMAT',
  MULTIPLY_RANGE: 'MULTIPLY_RANGE',
  MULTIPLY_PLACEMENT: 'MULTIPLY_PLACEMENT',
  // The list query of a public mock URL.
  INVALID_SORT: 'INVALID_SORT',
  INVALID_ORDER: 'INVALID_ORDER',
  INVALID_PAGE: 'INVALID_PAGE',
  INVALID_LIMIT: 'INVALID_LIMIT',
  // Requests: bodies, parameters, limits, routes.
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_BODY: 'INVALID_BODY',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  BAD_REQUEST: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  // A signed-in user's APIs.
  TEMPLATE_NOT_FOUND: 'TEMPLATE_NOT_FOUND',
  CUSTOM_ENDPOINT_TAKEN: 'CUSTOM_ENDPOINT_TAKEN',
  FORBIDDEN: 'FORBIDDEN',
  // The public mock URLs.
  API_NOT_FOUND: 'API_NOT_FOUND',
  ENDPOINT_NOT_FOUND: 'ENDPOINT_NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  // Accounts.
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  ACCOUNT_BANNED: 'ACCOUNT_BANNED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  GOOGLE_ACCOUNT: 'GOOGLE_ACCOUNT',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  GOOGLE_AUTH_FAILED: 'GOOGLE_AUTH_FAILED',
  GOOGLE_NOT_CONFIGURED: 'GOOGLE_NOT_CONFIGURED',
  ORIGIN_REJECTED: 'ORIGIN_REJECTED',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The basic types the anonymous demo accepts, in the order the spec lists them. */
export const DEMO_TYPE_NAMES = [
  'string',
  'number',
  'boolean',
  'email',
  'uuid',
  'date',
  'lorem',
  'array',
] as const;

const KIB = 1024;

/** The texts, as functions where the text names a value. */
export const messages = {
  /** Spec, demo editor. */
  invalidJson: 'Invalid JSON format',
  /** Spec, API page. */
  invalidJsonApiPage: 'Invalid JSON format. Please check your template',
  /** Spec: the demo type restriction, word for word. */
  demoTypeNotAllowed:
    'Only the following types are available in the demo: string, number, boolean, email, uuid, date, lorem, array. Sign up to create your own custom types!',
  templateTooLarge: (bytes: number) =>
    `Template is too large: ${formatKib(bytes)} KiB, the limit is ${MAX_TEMPLATE_BYTES / KIB} KiB`,
  templateNotContainer: (found: string) =>
    `A template must be a JSON object or array, not ${found}`,
  templateTooDeep: () =>
    `Template is nested too deeply: at most ${MAX_TEMPLATE_DEPTH} levels of objects and arrays are allowed`,
  templateOutputTooLarge: (values: number) =>
    `Template could generate up to ${formatCount(values)} values per response; the limit is ${formatCount(MAX_GENERATED_VALUES)}. Lower the __multiply upper bounds`,
  templateResponseTooLarge: (bytes: number, limit: number = MAX_RESPONSE_BYTES) =>
    `Template could generate answers of up to ${formatBytes(bytes, 'up')}; the limit is ${formatBytes(limit, 'down')} per answer. Lower the __multiply upper bounds or shorten long literals`,
  responseTooLarge: (limit: number = MAX_RESPONSE_BYTES) =>
    `The generated answer passed the limit of ${formatBytes(limit, 'down')} per answer and was stopped. Lower the __multiply upper bounds or shorten long literals`,
  notJsonValue: (found: string) => `Not a JSON value: ${found}`,
  multiplyFormat: (found: string) =>
    `__multiply must be a range of two whole numbers like "1-5", got ${found}`,
  multiplyRange: (range: string) =>
    `__multiply range "${range}" is out of bounds: it needs 0 <= min <= max <= ${MAX_MULTIPLY}`,
  multiplyPlacement:
    '__multiply is only allowed in an object that is an element of an array, such as [{"__multiply": "1-5", "id": "uuid"}]',
  invalidSort: (value: string) =>
    `Invalid sort "${value}": use a field name, optionally followed by ":asc" or ":desc", such as sort=price:desc`,
  invalidOrder: (value: string) => `Invalid order "${value}": use "asc" or "desc"`,
  invalidPage: (value: string) => `Invalid page "${value}": use a whole number of 1 or more`,
  invalidLimit: (value: string) =>
    `Invalid limit "${value}": use a whole number from 1 to ${MAX_PAGE_LIMIT}`,
} as const;

function formatKib(bytes: number): string {
  return (Math.ceil((bytes / KIB) * 10) / 10).toString();
}

function formatCount(count: number): string {
  return count >= 1e15 ? count.toExponential(1) : Math.round(count).toLocaleString('en-US');
}

const BYTE_UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/**
 * A size for people: `512 bytes`, `1.5 KiB`, `238.5 MiB`, with one decimal at most. A worst case
 * rounds up and a limit rounds down, so that a size over a limit never reads as equal to it.
 */
function formatBytes(bytes: number, round: 'up' | 'down'): string {
  if (bytes < KIB) return `${Math.round(bytes).toLocaleString('en-US')} bytes`;
  let value = bytes / KIB;
  let unit = 0;
  while (value >= KIB && unit < BYTE_UNITS.length - 1) {
    value /= KIB;
    unit++;
  }
  const tenths = round === 'up' ? Math.ceil(value * 10) : Math.floor(value * 10);
  const text = value >= 1e6 ? value.toExponential(1) : (tenths / 10).toLocaleString('en-US');
  return `${text} ${BYTE_UNITS[unit]}`;
}
