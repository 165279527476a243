/**
 * The numbers and names the documentation states, read from core (its light, faker-free
 * subpaths) so that the page says what the server enforces.
 */

import { MAX_COLLECTION_RECORDS, MAX_RECORD_BYTES } from '@mocksmith/core/collections';
import { DEMO_TYPE_NAMES } from '@mocksmith/core/errors';
import { STATUS_CODES, STATUS_TEXTS, type StatusCode } from '@mocksmith/core/http';
import { MAX_API_KEYS } from '@mocksmith/core/keys';
import {
  DEFAULT_MOCK_OWNER_RATE_LIMIT,
  DEFAULT_MOCK_RATE_LIMIT,
  DEFAULT_MOCK_RATE_WINDOW_S,
  MAX_DELAY_MS,
  MAX_GENERATED_VALUES,
  MAX_MULTIPLY,
  MAX_PAGE_LIMIT,
  MAX_RESPONSE_BYTES,
  MAX_TEMPLATE_BYTES,
  MAX_TEMPLATE_DEPTH,
} from '@mocksmith/core/limits';
import { FAULT_STATUSES, NETWORK_PRESETS } from '@mocksmith/core/network';
import { MAX_ROUTES_PER_PROJECT } from '@mocksmith/core/projects';
import {
  MAX_CUSTOM_ENDPOINT_LENGTH,
  MAX_CUSTOM_HEADERS,
  MAX_DESCRIPTION_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MIN_PUBLIC_DESCRIPTION_LENGTH,
  RESERVED_HEADER_NAMES,
  TEMPLATE_CATEGORIES,
} from '@mocksmith/core/texts';
import { formatInteger } from '../../../lib/format.ts';

export {
  FAULT_STATUSES,
  MAX_API_KEYS,
  MAX_CUSTOM_ENDPOINT_LENGTH,
  MAX_CUSTOM_HEADERS,
  MAX_DELAY_MS,
  MAX_DESCRIPTION_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_MULTIPLY,
  MAX_PAGE_LIMIT,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TEMPLATE_DEPTH,
  MIN_PUBLIC_DESCRIPTION_LENGTH,
  RESERVED_HEADER_NAMES,
  TEMPLATE_CATEGORIES,
};

/** The demo's types, as the editor's error lists them. */
export const DEMO_TYPES_TEXT = DEMO_TYPE_NAMES.join(' ');

/** The largest template, in KiB. */
export const MAX_TEMPLATE_KIB = MAX_TEMPLATE_BYTES / 1024;

/** The largest answer, in MiB (the server's default; a deployment may set its own). */
export const MAX_RESPONSE_MIB = MAX_RESPONSE_BYTES / (1024 * 1024);

/** The most values per answer, written out (100,000). */
export const MAX_GENERATED_VALUES_TEXT = formatInteger(MAX_GENERATED_VALUES);

/** The longest delay, written out (10,000). */
export const MAX_DELAY_TEXT = formatInteger(MAX_DELAY_MS);

/** When each status code an API can answer is the one to pick. */
const STATUS_USES: Record<StatusCode, string> = {
  200: 'The default: a successful read or change.',
  201: 'A resource was created, as a POST usually answers.',
  204: 'Success with no body: the generated data is not sent.',
  400: 'The request was malformed, to test your validation errors.',
  401: 'The caller is not signed in.',
  403: 'The caller is signed in but not allowed.',
  404: 'The resource does not exist.',
  409: 'The change conflicts with the current state, such as a duplicate.',
  429: 'The caller sent too many requests.',
  500: 'The server failed, to test your error handling.',
  503: 'The service is down or overloaded.',
};

/** Every status code an API can be set to answer, with its reason phrase and its use. */
export const STATUS_ROWS = STATUS_CODES.map((code) => ({
  code,
  text: STATUS_TEXTS[code],
  use: STATUS_USES[code],
}));

/** The public endpoints' rate limit, as the server sets it by default (DESIGN.md §4). */
export const MOCK_RATE_LIMIT = {
  requests: DEFAULT_MOCK_RATE_LIMIT,
  ownerRequests: DEFAULT_MOCK_OWNER_RATE_LIMIT,
  minutes: DEFAULT_MOCK_RATE_WINDOW_S / 60,
} as const;

/** The most routes of a project, written out (1,000). */
export const MAX_ROUTES_TEXT = formatInteger(MAX_ROUTES_PER_PROJECT);

/** The most records of a collection in one session, written out (10,000). */
export const MAX_RECORDS_TEXT = formatInteger(MAX_COLLECTION_RECORDS);

/** The largest record, in KiB. */
export const MAX_RECORD_KIB = MAX_RECORD_BYTES / 1024;

/** The ready-made network profiles' names. */
export const NETWORK_PRESET_NAMES = NETWORK_PRESETS.map((preset) => preset.name);

/**
 * The most rules of a route and conditions of a rule, the RE2 instructions of a regex and of a
 * route's regexes together, and the longest value a regex reads. Written here: core's rules
 * module, where they live, brings the RE2 engine (about 40 KB compressed) into whatever imports
 * it, and this page must stay light; `facts.test.ts` checks they are core's.
 */
export const RULE_LIMITS = {
  rules: 50,
  conditions: 20,
  patternSize: 250,
  programSize: 2_500,
  matchLength: 4_096,
} as const;
