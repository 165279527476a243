/**
 * Error codes and the texts users see, shared by the server and the web so that both say the
 * same thing and the web can switch on `code`. Texts quoted by the product spec are exact.
 */
import {
  MAX_GENERATED_VALUES,
  MAX_JSON_DEPTH,
  MAX_MULTIPLY,
  MAX_NUMBER_DECIMALS,
  MAX_PAGE_LIMIT,
  MAX_RESPONSE_BYTES,
  MAX_STRING_LENGTH,
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
  DIRECTIVE_NOT_ALONE: 'DIRECTIVE_NOT_ALONE',
  DIRECTIVE_INVALID: 'DIRECTIVE_INVALID',
  DIRECTIVE_UNSATISFIABLE: 'DIRECTIVE_UNSATISFIABLE',
  REQUEST_REFERENCE_INVALID: 'REQUEST_REFERENCE_INVALID',
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
  /** JSON nested past MAX_JSON_DEPTH levels, refused before it is parsed. */
  BODY_TOO_DEEP: 'BODY_TOO_DEEP',
  BAD_REQUEST: 'BAD_REQUEST',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  TOO_MANY_DELAYED: 'TOO_MANY_DELAYED',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  // A signed-in user's APIs.
  TEMPLATE_NOT_FOUND: 'TEMPLATE_NOT_FOUND',
  CUSTOM_ENDPOINT_TAKEN: 'CUSTOM_ENDPOINT_TAKEN',
  API_LIMIT_REACHED: 'API_LIMIT_REACHED',
  API_JUST_CREATED: 'API_JUST_CREATED',
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
  // The templates gallery and its moderation.
  ALREADY_REPORTED: 'ALREADY_REPORTED',
  OFFICIAL_TEMPLATE: 'OFFICIAL_TEMPLATE',
  INVALID_CURSOR: 'INVALID_CURSOR',
  // Projects and their routes (the management API).
  PROJECT_NOT_FOUND: 'PROJECT_NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  SLUG_TAKEN: 'SLUG_TAKEN',
  ROUTE_TAKEN: 'ROUTE_TAKEN',
  PROJECT_LIMIT_REACHED: 'PROJECT_LIMIT_REACHED',
  ROUTE_LIMIT_REACHED: 'ROUTE_LIMIT_REACHED',
  /** A push of files pulled from an older version of the project (`--force` overwrites it). */
  PROJECT_CHANGED: 'PROJECT_CHANGED',
  /** A call of the original product's API calls (or a move into a project) on an API that is a route. */
  API_IS_ROUTE: 'API_IS_ROUTE',
  /** A route that cannot become a stand-alone API (its method is none of the original product's four). */
  ROUTE_CANNOT_STAND_ALONE: 'ROUTE_CANNOT_STAND_ALONE',
  // Collections (a project's records) and sessions (sandboxes of them).
  COLLECTION_NOT_FOUND: 'COLLECTION_NOT_FOUND',
  COLLECTION_TAKEN: 'COLLECTION_TAKEN',
  COLLECTION_LIMIT_REACHED: 'COLLECTION_LIMIT_REACHED',
  RECORD_NOT_FOUND: 'RECORD_NOT_FOUND',
  RECORD_EXISTS: 'RECORD_EXISTS',
  /** A body that breaks the collection's template (each field's problem in `details`). */
  RECORD_INVALID: 'RECORD_INVALID',
  /** An id a body gives that cannot be one of the collection's (a word where ids count 1, 2...). */
  INVALID_ID: 'INVALID_ID',
  /** A list filter that cannot be run: a `_like` pattern RE2 refuses. */
  INVALID_FILTER: 'INVALID_FILTER',
  INVALID_SESSION: 'INVALID_SESSION',
  /** The collection holds its most records, or the owner their most stored state. */
  COLLECTION_FULL: 'COLLECTION_FULL',
  STATE_LIMIT_REACHED: 'STATE_LIMIT_REACHED',
  /** A whole list past the answer limit: a page of it is asked for instead. */
  LIST_TOO_LARGE: 'LIST_TOO_LARGE',
  /** A project's proxy (issue 40): its upstream's address is one the service may not call. */
  UPSTREAM_REFUSED: 'UPSTREAM_REFUSED',
  /** The upstream could not be reached, broke off, or answered more than a mock answer may. */
  UPSTREAM_FAILED: 'UPSTREAM_FAILED',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The HTTP status each code is answered with. A server may answer a code with another status
 * at a few named places (a template problem found while generating a live answer is a 500).
 */
export const errorStatus = {
  INVALID_JSON: 400,
  TEMPLATE_TOO_LARGE: 400,
  TEMPLATE_NOT_CONTAINER: 400,
  TEMPLATE_TOO_DEEP: 400,
  TEMPLATE_OUTPUT_TOO_LARGE: 400,
  TEMPLATE_RESPONSE_TOO_LARGE: 400,
  NOT_JSON_VALUE: 400,
  DEMO_TYPE_NOT_ALLOWED: 400,
  MULTIPLY_FORMAT: 400,
  MULTIPLY_RANGE: 400,
  MULTIPLY_PLACEMENT: 400,
  DIRECTIVE_NOT_ALONE: 400,
  DIRECTIVE_INVALID: 400,
  DIRECTIVE_UNSATISFIABLE: 400,
  REQUEST_REFERENCE_INVALID: 400,
  INVALID_SORT: 400,
  INVALID_ORDER: 400,
  INVALID_PAGE: 400,
  INVALID_LIMIT: 400,
  VALIDATION_FAILED: 400,
  INVALID_BODY: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BODY_TOO_LARGE: 413,
  BODY_TOO_DEEP: 400,
  BAD_REQUEST: 400,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  TOO_MANY_DELAYED: 429,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  DATABASE_UNAVAILABLE: 503,
  TEMPLATE_NOT_FOUND: 404,
  CUSTOM_ENDPOINT_TAKEN: 409,
  API_LIMIT_REACHED: 403,
  API_JUST_CREATED: 409,
  FORBIDDEN: 403,
  API_NOT_FOUND: 404,
  ENDPOINT_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_BANNED: 403,
  INVALID_TOKEN: 400,
  GOOGLE_ACCOUNT: 400,
  INVALID_PASSWORD: 400,
  UNAUTHENTICATED: 401,
  GOOGLE_AUTH_FAILED: 400,
  GOOGLE_NOT_CONFIGURED: 404,
  ORIGIN_REJECTED: 403,
  ALREADY_REPORTED: 409,
  OFFICIAL_TEMPLATE: 409,
  INVALID_CURSOR: 400,
  PROJECT_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  SLUG_TAKEN: 409,
  ROUTE_TAKEN: 409,
  PROJECT_LIMIT_REACHED: 403,
  ROUTE_LIMIT_REACHED: 403,
  PROJECT_CHANGED: 409,
  API_IS_ROUTE: 409,
  ROUTE_CANNOT_STAND_ALONE: 409,
  COLLECTION_NOT_FOUND: 404,
  COLLECTION_TAKEN: 409,
  COLLECTION_LIMIT_REACHED: 403,
  RECORD_NOT_FOUND: 404,
  RECORD_EXISTS: 409,
  RECORD_INVALID: 422,
  INVALID_ID: 400,
  INVALID_FILTER: 400,
  INVALID_SESSION: 400,
  COLLECTION_FULL: 409,
  STATE_LIMIT_REACHED: 409,
  LIST_TOO_LARGE: 400,
  UPSTREAM_REFUSED: 502,
  UPSTREAM_FAILED: 502,
  UPSTREAM_TIMEOUT: 504,
} as const satisfies Record<ErrorCode, number>;

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

/** A valid use of each directive of the template language, quoted by its error messages. */
export const DIRECTIVE_EXAMPLES: Readonly<Record<string, string>> = {
  __literal: '{"__literal": "uuid"} gives the text "uuid" itself',
  __oneOf: '{"__oneOf": ["active", "inactive", null]}',
  __number: '{"__number": {"min": 0, "max": 100, "integer": true}}',
  __string: '{"__string": {"minLength": 3, "maxLength": 12, "pattern": "^[A-Z]{3}-[0-9]{4}$"}}',
};

/** The forms a request reference can take (template/references.ts), quoted by its error messages. */
export const REQUEST_REFERENCE_FORMS =
  '{{request.params.NAME}}, {{request.query.NAME}}, {{request.headers.NAME}}, {{request.body}}, {{request.body.PATH}}, {{request.method}}, {{request.path}}';

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
  /** A request body (of the /backend API or a mock URL) nested past MAX_JSON_DEPTH. */
  bodyTooDeep: `The JSON body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects are accepted`,
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
  directiveNotAlone: (key: string, other: string) =>
    `${key} must be the only key of its object (beside __multiply in an array element), but ${JSON.stringify(other)} is there too. Example: ${DIRECTIVE_EXAMPLES[key] ?? ''}`,
  directiveNeeds: (key: string, what: string, found: string) =>
    `${key} needs ${what}, got ${found}. Example: ${DIRECTIVE_EXAMPLES[key] ?? ''}`,
  directiveUnknownOption: (key: string, option: string, known: readonly string[]) =>
    `${key} has no option ${JSON.stringify(option)}; its options are ${known.join(', ')}. Example: ${DIRECTIVE_EXAMPLES[key] ?? ''}`,
  directiveOption: (key: string, option: string, what: string, found: string) =>
    `${key}: option "${option}" must be ${what}, got ${found}. Example: ${DIRECTIVE_EXAMPLES[key] ?? ''}`,
  directiveChoices: 'a non-empty array of values',
  directiveOptions: 'an object of options',
  optionFiniteNumber: 'a finite number',
  optionPositiveNumber: 'a finite number greater than 0',
  optionBoolean: 'true or false',
  optionText: 'a text',
  numberDecimalsOption: `a whole number from 0 to ${MAX_NUMBER_DECIMALS}`,
  stringLengthOption: `a whole number from 0 to ${MAX_STRING_LENGTH}`,
  numberRangeEmpty: (range: string) => `__number: no number lies in ${range}`,
  stringLengthsCrossed: (min: number, max: number) =>
    `__string: minLength ${min} is greater than maxLength ${max}`,
  stringPatternInvalid: (pattern: string, reason: string) =>
    `__string: pattern ${JSON.stringify(pattern)} is not a valid regular expression (${reason})`,
  stringPatternUnsupported: (pattern: string, min: number, max: number) =>
    `__string: no text of ${min} to ${max} characters matching pattern ${JSON.stringify(pattern)} could be generated (lookarounds, back references and Unicode property classes are beyond the generator)`,
  requestReferenceInvalid: (reference: string, problem: string) =>
    `${reference} is not a request reference: ${problem}. Use ${REQUEST_REFERENCE_FORMS}, or {"__literal": "..."} for the text itself`,
  referenceWholeRequest: 'it names the whole request; name one part of it',
  referenceUnknownPart: (part: string) => `the request has no part ${JSON.stringify(part)}`,
  referenceNeedsName: (at: string, example: string) =>
    `${at} needs a name after it, such as ${at}.${example}`,
  referenceNameAfterDot: (at: string) => `a name must follow the "." after ${at}`,
  referenceNoFurtherPart: (at: string) => `nothing can follow ${at}`,
  referenceQueryIndex: (at: string) =>
    `only the index of a repeated key can follow ${at}, such as ${at}.1`,
  referenceUnclosedQuote: "a ['...'] name has no closing ']",
  referenceUnclosed: 'it has no closing }}',
  referenceUnexpected: (at: string, found: string) =>
    `expected }} after ${at}, found ${JSON.stringify(found)}`,
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

/**
 * The texts of an OpenAPI import report (packages/core/src/openapi): why an operation was skipped,
 * why a schema keyword was not honoured, why a branch was chosen.
 */
export const importTexts = {
  unsupportedVersion: (found: string) =>
    `Not an OpenAPI 3.0, OpenAPI 3.1 or Swagger 2.0 document (${found})`,
  unsupportedMethod: (method: string) =>
    `${method} is not a method a mock API answers (GET, POST, PUT, DELETE)`,
  noSuccessResponse: 'No 2xx or default response to answer with',
  demoBasicTypes:
    'Visitors get the demo’s basic types only: this value is the nearest basic type (sign in to import the schema’s own)',
  noJsonAnswer: 'The answer is not JSON: the mock answers an empty object',
  optionalLeftOut: 'An optional property that cannot be generated here is left out',
  requiredUnsatisfied:
    'A required value that cannot be generated here: the bodies do not match the schema at this point',
  writeOnly: 'writeOnly: left out of answers',
  falseSchema: 'The schema accepts no value',
  noGenerator: (keyword: string, value: string) =>
    `${keyword} ${value}: no generator here makes values that satisfy the schema`,
  unknownFormat: (format: string) => `format "${format}" is unknown: plain text is generated`,
  reservedKey: (key: string) =>
    `Property "${key}" is a reserved key of the template language and cannot be generated`,
  freeFormProperties: 'Properties beyond the named ones are not generated',
  tupleItems: 'A tuple of item schemas: every item follows the first schema',
  uniqueItems: 'uniqueItems: items are drawn independently, so a repeat is possible',
  allOfDisagree: (keyword: string) => `allOf parts disagree on ${keyword}: the first is kept`,
  allOfClosed: (property: string) =>
    `An allOf part with additionalProperties false excludes property "${property}"`,
  typeChoice: (types: string) => `type allows ${types}: the first is generated`,
  clamped: (keyword: string, from: number, to: number) =>
    `${keyword} ${from} is beyond the template limit: ${to} is used`,
  enumNoMatch: 'No enum value has the schema type',
  exampleUnreadable: (reason: string) => `The example could not be checked: ${reason}`,
  templateRefused: (message: string) => `The derived template breaks a template rule: ${message}`,
  firstBranch: (keyword: string) => `${keyword} without a discriminator: the first branch is used`,
  discriminator: (property: string) =>
    `discriminator "${property}": each body draws one of these branches, with "${property}" set to its value`,
  nullBranch: (keyword: string) =>
    `${keyword} with a null branch: the value is null or the other branch`,
} as const;

/** What an AppError may carry beside its code and message. */
export interface AppErrorExtra {
  /** The `details` of the error body. */
  details?: unknown;
  /** Extra headers of the answer, such as `Allow` or `WWW-Authenticate`. */
  headers?: Record<string, string>;
  /**
   * Another status than the code's own in core's `errorStatus`: only where a code is answered
   * differently on purpose (a template problem met while generating a live answer is a 500).
   */
  status?: number;
}

/**
 * The one error type services throw; the error handler turns it into the JSON error body
 * (`{ statusCode, code, message, details? }`) on the server. Codes come from core's one catalogue, and so does
 * the status, unless `status` says otherwise.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    { details, headers, status }: AppErrorExtra = {},
  ) {
    super(message);
    this.statusCode = status ?? errorStatus[code];
    this.details = details;
    this.headers = headers;
  }
}
