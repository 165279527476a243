/**
 * A request checked against its operation's contract (request-contract.ts), issue 40: its path,
 * query, header and cookie parameters (required, type, format, enum, pattern; strings coerced to
 * the schema's type as OpenAPI's `form` and `simple` styles write them), the presence of the
 * credentials its security requirement names, its body's media type and its JSON against the
 * schema. Each violation is one sentence (`query.limit: must be an integer, got "ten"`).
 * Compiled once per contract with ajv and ajv-formats (`compileRequestCheck`); a call only runs
 * the compiled functions.
 */
import type { RawQuery } from '../query/list-query.ts';
import type { ContractCredential, ContractParameter, RequestContract } from './request-contract.ts';
import {
  addErrors,
  MAX_VIOLATIONS,
  type TwoSpeedCheck,
  twoSpeedCheck,
  type Violation,
} from './violation-words.ts';

export { MAX_VIOLATIONS, type Violation } from './violation-words.ts';

/** What a check reads of a call. */
export interface CheckedRequest {
  /**
   * The path's parameters as the route matched them; null when the call came by a URL that is
   * not the route's path (its stand-alone URL): the path's parameters are then not checked.
   */
  params: Readonly<Record<string, string | number | boolean>> | null;
  query: RawQuery;
  /** Header names in lower case, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The JSON body as read; undefined when none was read, null when it was not JSON that parsed. */
  body: unknown;
}

/**
 * A contract compiled: the violations of a request, none when it keeps the contract; and the
 * `WWW-Authenticate` challenge a 401 of its missing credential carries (null for API keys only).
 */
export type RequestCheck = ((request: CheckedRequest) => Violation[]) & {
  readonly challenge: string | null;
};

type Place = ContractParameter['in'];

/** No violation: one frozen list for every call that keeps its contract. */
const NONE: Violation[] = Object.freeze([]) as unknown as Violation[];

/** The parameters of one place, compiled as one object (so that ajv coerces them in place). */
interface PlaceCheck {
  place: Place;
  parameters: readonly ContractParameter[];
  check: TwoSpeedCheck;
}

/**
 * Compiles a contract: its schemas are compiled by ajv on the first call checked, once (see
 * twoSpeedCheck); a schema ajv refuses (an invalid regular expression, say) goes unchecked.
 */
export function compileRequestCheck(contract: RequestContract): RequestCheck {
  const places: PlaceCheck[] = [];
  for (const place of ['path', 'query', 'header', 'cookie'] as const) {
    const parameters = contract.parameters.filter((p) => p.in === place);
    if (parameters.length === 0) continue;
    const schema = {
      type: 'object',
      properties: Object.fromEntries(
        // An object parameter (deepObject and the like) is beyond these basics: not checked.
        parameters.map((p) => [p.name, isObjectSchema(p.schema) ? {} : p.schema]),
      ),
    };
    // A path's parameters are there whenever its route matched: one missing was renamed in the
    // route's path since the import, and is not the caller's to send.
    const required =
      place === 'path' ? [] : parameters.filter((p) => p.required).map((p) => p.name);
    // Draft 04 refuses an empty `required`.
    if (required.length > 0) Object.assign(schema, { required });
    places.push({ place, parameters, check: twoSpeedCheck(contract.dialect, true, schema) });
  }
  const body = contract.body;
  const bodies = (body?.content ?? []).map(({ type, schema }) => ({
    type,
    check:
      schema !== null && isJsonType(type) ? twoSpeedCheck(contract.dialect, false, schema) : null,
  }));
  const { security } = contract;
  const scheme = security.flat().find((c) => c.kind === 'http');
  const challenge = scheme === undefined ? null : `${capitalised(scheme.scheme)} realm="mocksmith"`;

  const check = (request: CheckedRequest): Violation[] => {
    // Most calls keep their contract: the list is made once something breaks it.
    let violations: Violation[] = NONE;
    const cookies = places.some((p) => p.place === 'cookie')
      ? cookiesOf(request.headers.cookie)
      : undefined;
    for (const { place, parameters, check } of places) {
      if (place === 'path' && request.params === null) continue;
      if (check.valid(valuesOf(place, parameters, request, cookies))) continue;
      // The quick check coerced its values in place: the words quote them as sent.
      const values = valuesOf(place, parameters, request, cookies);
      if (violations === NONE) violations = [];
      addErrors(violations, 'request', place, check.errors(values), values);
    }
    if (
      security.length > 0 &&
      !security.some((creds) => creds.every((c) => presentIn(c, request)))
    ) {
      if (violations === NONE) violations = [];
      violations.push({ kind: 'credential', text: missingCredential(security) });
    }
    if (body) {
      const found = checkBody(body.required, bodies, request);
      if (found.length > 0) violations = violations === NONE ? found : [...violations, ...found];
    }
    return violations.length > MAX_VIOLATIONS ? violations.slice(0, MAX_VIOLATIONS) : violations;
  };
  return Object.assign(check, { challenge });
}

function capitalised(word: string): string {
  return `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;
}

function isObjectSchema(schema: object): boolean {
  return (schema as { type?: unknown }).type === 'object';
}

function isJsonType(type: string): boolean {
  return (
    type === '*/*' || type === 'application/*' || /^application\/(?:[\w.+-]*\+)?json\b/.test(type)
  );
}

/** The values of a place's parameters, as strings (or lists of strings) to be coerced. */
function valuesOf(
  place: Place,
  parameters: readonly ContractParameter[],
  request: CheckedRequest,
  cookies: Map<string, string> | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of parameters) {
    let raw: unknown;
    if (place === 'path') {
      const value = request.params?.[parameter.name];
      raw = value === undefined ? undefined : String(value);
    } else if (place === 'query') raw = request.query[parameter.name];
    else if (place === 'header') raw = request.headers[parameter.name.toLowerCase()];
    else raw = cookies?.get(parameter.name);
    if (raw === undefined) continue;
    values[parameter.name] = spread(raw, parameter);
  }
  return values;
}

/**
 * A parameter's value as its style writes it: a list sent as one value and not exploded
 * (`ids=1,2,3`, a header's `1, 2`, a path's `1,2`) is split; a list sent as repeated values stays.
 */
function spread(raw: unknown, parameter: ContractParameter): unknown {
  const type = (parameter.schema as { type?: unknown }).type;
  const isArray = type === 'array' || (Array.isArray(type) && type.includes('array'));
  if (!isArray || Array.isArray(raw) || typeof raw !== 'string') return raw;
  if (parameter.in === 'query' && parameter.explode && parameter.style === 'form') return [raw];
  const separator =
    parameter.style === 'spaceDelimited' ? ' ' : parameter.style === 'pipeDelimited' ? '|' : ',';
  return raw === ''
    ? []
    : raw.split(separator).map((part) => (parameter.in === 'header' ? part.trim() : part));
}

function cookiesOf(header: string | string[] | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  const text = Array.isArray(header) ? header.join(';') : (header ?? '');
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a request carries a credential (its presence only: a mock knows no right value). */
function presentIn(credential: ContractCredential, request: CheckedRequest): boolean {
  if (credential.kind === 'http') {
    const authorization = firstHeader(request.headers.authorization)?.trim() ?? '';
    const space = authorization.indexOf(' ');
    return (
      space > 0 &&
      authorization.slice(0, space).toLowerCase() === credential.scheme &&
      authorization.slice(space + 1).trim() !== ''
    );
  }
  if (credential.in === 'header') {
    return (firstHeader(request.headers[credential.name.toLowerCase()]) ?? '') !== '';
  }
  if (credential.in === 'query') {
    const value = request.query[credential.name];
    return value !== undefined && value !== '';
  }
  return cookiesOf(request.headers.cookie).has(credential.name);
}

function credentialWords(credential: ContractCredential): string {
  if (credential.kind === 'http') {
    return `an Authorization: ${capitalised(credential.scheme)} header`;
  }
  const place =
    credential.in === 'header'
      ? 'header'
      : credential.in === 'query'
        ? 'query parameter'
        : 'cookie';
  return `the ${credential.name} ${place}`;
}

function missingCredential(security: readonly ContractCredential[][]): string {
  const ways = security.map((creds) => creds.map(credentialWords).join(' and '));
  return `security: a credential is required: send ${ways.join(', or ')}`;
}

/** The body's media type, its presence, and its JSON against the schema of that type: its violations. */
function checkBody(
  required: boolean,
  bodies: readonly { type: string; check: TwoSpeedCheck | null }[],
  request: CheckedRequest,
): Violation[] {
  const contentType = firstHeader(request.headers['content-type'])
    ?.split(';')[0]
    ?.trim()
    .toLowerCase();
  if (!hasBody(request.headers)) {
    return required ? [{ kind: 'request', text: 'body: is required' }] : NONE;
  }
  if (bodies.length === 0) return NONE;
  const media =
    contentType === undefined ? undefined : bodies.find((b) => typeMatches(b.type, contentType));
  if (!media) {
    const accepted = bodies.map((b) => b.type).join(', ');
    const text =
      contentType === undefined
        ? `body: has no Content-Type; send one of ${accepted}`
        : `body: Content-Type ${contentType} is not accepted; send one of ${accepted}`;
    return [{ kind: 'request', text }];
  }
  if (media.check === null || !isJsonType(contentType ?? '')) return NONE;
  if (request.body === null) return [{ kind: 'request', text: 'body: is not well-formed JSON' }];
  if (request.body === undefined || media.check.valid(request.body)) return NONE;
  const violations: Violation[] = [];
  addErrors(violations, 'body', 'body', media.check.errors(request.body), request.body);
  return violations;
}

function hasBody(headers: CheckedRequest['headers']): boolean {
  const length = firstHeader(headers['content-length']);
  if (length !== undefined) return Number(length) > 0;
  return headers['transfer-encoding'] !== undefined;
}

/** Whether a declared media type (`application/json`, `application/*`, `*\/*`) takes a sent one. */
function typeMatches(declared: string, sent: string): boolean {
  if (declared === '*/*' || declared === sent) return true;
  const [kind, sub] = declared.split('/');
  return sub === '*' && sent.startsWith(`${kind}/`);
}
