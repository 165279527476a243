/**
 * A HAR 1.2 file into a project (issue 39): the JSON answers a browser or a proxy recorded become
 * routes, one per method and path template (har-paths.ts: `/users/42` and `/users/17` are
 * `/users/{userId}`), each status seen one named response whose template is inferred from every
 * body recorded for it (infer/infer.ts), and the distinct bodies themselves kept as named
 * examples: responses answered only when a call asks for them (`Prefer: example=ok-1`), since a
 * route's named responses are where the model keeps examples. Static files, redirects, CORS
 * preflights, answers that are not JSON and requests to other hosts than the main one are
 * skipped and reported. Pure: the caller parses the file (the import worker) and stores the plan
 * as it stores an OpenAPI import's (diffImport).
 */
import { inferTemplateFromSamples } from '../infer/infer.ts';
import type { JsonValue } from '../json.ts';
import { MAX_TEMPLATE_BYTES } from '../limits.ts';
import { escapeExample } from '../openapi/answer.ts';
import { MAX_NAME_LENGTH } from '../schemas/api-texts.ts';
import { utf8Length } from '../template/parse.ts';
import { routePathOf } from './har-paths.ts';
import {
  MAX_RESPONSES_PER_ROUTE,
  MAX_ROUTES_PER_PROJECT,
  ROUTE_METHODS,
  type RouteMethod,
  type RouteResponse,
} from './model.ts';
import { BODYLESS_STATUSES } from './openapi-export.ts';
import type { PlannedRoute, ProjectImportPlan, SkippedImport } from './openapi-import.ts';
import { cut, uniqueName } from './openapi-import-paths.ts';
import { projectImportTexts, routeLabel } from './openapi-import-texts.ts';
import { parsePathTemplate } from './path-template.ts';

// Core has no DOM and no Node types (tsconfig): what it uses of both, which have them alike.
declare const URL: new (url: string) => { host: string; pathname: string };
declare const atob: (base64: string) => string;
declare const TextDecoder: new (
  label: string,
  options: { fatal: boolean },
) => { decode(bytes: Uint8Array): string };

/** The most bodies of one route and status a template is inferred from. */
export const MAX_HAR_SAMPLES = 50;
/** The most distinct bodies of one route and status kept as named examples. */
export const MAX_HAR_EXAMPLES = 3;
/** The most skipped entries the report lists one by one; the rest are counted. */
const MAX_SKIPPED_LISTED = 200;

/** Why entries are skipped, by kind (the report's summary counts them so). */
type SkipKind =
  | 'unreadable'
  | 'preflight'
  | 'method'
  | 'no answer'
  | 'redirect'
  | 'cached'
  | 'static'
  | 'not json'
  | 'other host'
  | 'path';

/** The texts of a HAR import, in words the person importing reads. */
export const harImportTexts = {
  notHar: 'The file is not a HAR file: it has no "log" with a list of "entries"',
  unreadable: 'The entry has no request method and URL, or no response status',
  preflight:
    'An OPTIONS request (a CORS preflight): every route answers OPTIONS already; not imported',
  noAnswer: 'The request got no answer (status 0: blocked, cancelled or failed)',
  outOfRange: (status: number) =>
    `The status ${status} is not one a route answers with (200 to 599)`,
  redirect: (status: number) =>
    `A redirect (${status}): not imported; the request it leads to is, when it was recorded`,
  notModified:
    'Not Modified (304): the browser answered from its cache, and the HAR holds no body of it',
  staticFile: (what: string) => `A static file (${what}), not an API answer`,
  notJson: (type: string) => `The answer is not JSON (${type || 'no content type'})`,
  otherHost: (host: string, main: string) =>
    `A request to ${host}: only the host most JSON answers came from, ${main}, is imported`,
  badPath: (problem: string) => `The path cannot be a route's: ${problem}`,
  mainHost: (host: string, others: number) =>
    `The routes are the requests to ${host}${others > 0 ? `; ${others.toLocaleString('en')} ${others === 1 ? 'request' : 'requests'} to other hosts ${others === 1 ? 'is' : 'are'} skipped` : ''}`,
  summary: (total: number, counts: readonly string[]) =>
    `${total.toLocaleString('en')} ${total === 1 ? 'entry' : 'entries'} of the HAR ${total === 1 ? 'was' : 'were'} skipped: ${counts.join(', ')}`,
  sameEntries: (count: number) => `(${count.toLocaleString('en')} entries)`,
  moreSkipped: (count: number) =>
    `… and ${count.toLocaleString('en')} more skipped ${count === 1 ? 'entry' : 'entries'}`,
  literalTemplate: (route: string, status: number, problem: string) =>
    `${route} (${status}): no template could be inferred from its bodies (${problem}); the first body is served as it was recorded`,
  bodyTooLarge: (route: string, status: number) =>
    `${route} (${status}): a recorded body is larger than a template may be and is not kept as an example`,
} as const;

const SKIP_WORDS: Record<SkipKind, string> = {
  unreadable: 'unreadable',
  preflight: 'CORS preflight',
  method: 'other method',
  'no answer': 'unanswered',
  redirect: 'redirect',
  cached: 'not modified',
  static: 'static file',
  'not json': 'not JSON',
  'other host': 'other host',
  path: 'unusable path',
};

/** Names of the statuses an API answers most, for the response names a `Prefer` header asks for. */
const STATUS_NAMES: Record<number, string> = {
  200: 'ok',
  201: 'created',
  202: 'accepted',
  204: 'no-content',
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  410: 'gone',
  422: 'unprocessable',
  429: 'too-many-requests',
  500: 'server-error',
  502: 'bad-gateway',
  503: 'unavailable',
  504: 'gateway-timeout',
};

/** Extensions of files a page loads that no API answers with. */
const STATIC_EXTENSION =
  /\.(?:m?js|cjs|css|map|html?|png|jpe?g|gif|svg|webp|avif|ico|bmp|woff2?|ttf|otf|eot|mp[34]|webm|ogg|wav|wasm|pdf|txt)$/i;
/** Content types of the same. */
const STATIC_TYPE =
  /^(?:text\/(?:html|css|javascript)|application\/(?:x-)?javascript|application\/wasm|image\/|font\/|audio\/|video\/|application\/font)/i;

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed file is a HAR document: `log.entries` is a list. */
export function isHarDocument(document: unknown): boolean {
  return isDict(document) && isDict(document.log) && Array.isArray(document.log.entries);
}

/** One recorded exchange the import may use (a HAR entry, or a call a project's proxy forwarded). */
export interface Recorded {
  method: RouteMethod;
  host: string;
  path: string;
  status: number;
  /** The answer's JSON; undefined when it had no body. */
  body: JsonValue | undefined;
}

export interface HarImportOptions {
  /** The most routes the plan holds (MAX_ROUTES_PER_PROJECT). */
  maxRoutes?: number;
  /** The most responses one planned route holds (MAX_RESPONSES_PER_ROUTE). */
  maxResponses?: number;
  /**
   * What the inference takes as now (past and future dates); by default when the recording
   * ended (its last `startedDateTime`), so that a date is past or future as it was then and the
   * same file plans the same templates whenever it is imported.
   */
  now?: number;
}

/** The skipped entries, grouped by operation and reason, counted by kind. */
class Skips {
  readonly byKind = new Map<SkipKind, number>();
  private readonly listed = new Map<string, { skipped: SkippedImport; count: number }>();
  total = 0;

  add(kind: SkipKind, operation: string, reason: string): void {
    this.total++;
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
    const key = `${operation}\n${reason}`;
    const seen = this.listed.get(key);
    if (seen) seen.count++;
    else this.listed.set(key, { skipped: { operation, reason }, count: 1 });
  }

  /** The report's lines: one per operation and reason (with its count), the rest counted. */
  lines(): SkippedImport[] {
    const all = [...this.listed.values()];
    const line = ({ skipped, count }: { skipped: SkippedImport; count: number }) =>
      count === 1
        ? skipped
        : { ...skipped, reason: `${skipped.reason} ${harImportTexts.sameEntries(count)}` };
    if (all.length <= MAX_SKIPPED_LISTED) return all.map(line);
    const rest = all.slice(MAX_SKIPPED_LISTED).reduce((sum, { count }) => sum + count, 0);
    return [
      ...all.slice(0, MAX_SKIPPED_LISTED).map(line),
      { operation: '*', reason: harImportTexts.moreSkipped(rest) },
    ];
  }
}

/** The text of a recorded body (base64 decoded as UTF-8), or null when it does not decode. */
function bodyText(content: Dict): string | null | undefined {
  const text = content.text;
  if (typeof text !== 'string' || text === '') return undefined;
  if (content.encoding !== 'base64') return text;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * One entry read, or why it is skipped. A body is read as JSON when its content type says JSON,
 * or says nothing better (none, text/plain) and the text parses.
 */
function readEntry(
  entry: unknown,
  index: number,
):
  | { ok: true; recorded: Recorded; label: string }
  | { ok: false; kind: SkipKind; label: string; reason: string } {
  const request = isDict(entry) && isDict(entry.request) ? entry.request : undefined;
  const response = isDict(entry) && isDict(entry.response) ? entry.response : undefined;
  let url: { host: string; pathname: string } | undefined;
  try {
    url = typeof request?.url === 'string' ? new URL(request.url) : undefined;
  } catch {
    url = undefined;
  }
  const method = typeof request?.method === 'string' ? request.method.toUpperCase() : undefined;
  const status = typeof response?.status === 'number' ? response.status : undefined;
  if (!url || !method || status === undefined || !response) {
    return {
      ok: false,
      kind: 'unreadable',
      label: `entry ${index + 1}`,
      reason: harImportTexts.unreadable,
    };
  }
  const label = routeLabel(method, url.pathname);
  const skip = (kind: SkipKind, reason: string) => ({ ok: false as const, kind, label, reason });
  if (method === 'OPTIONS') return skip('preflight', harImportTexts.preflight);
  if (!(ROUTE_METHODS as readonly string[]).includes(method)) {
    return skip(
      'method',
      method === 'HEAD'
        ? projectImportTexts.headOrOptions(method)
        : projectImportTexts.unsupportedMethod(method),
    );
  }
  if (status === 0) return skip('no answer', harImportTexts.noAnswer);
  if (status === 304) return skip('cached', harImportTexts.notModified);
  if (status >= 300 && status < 400) return skip('redirect', harImportTexts.redirect(status));
  const content = isDict(response.content) ? response.content : {};
  const mimeType = typeof content.mimeType === 'string' ? content.mimeType : '';
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = STATIC_EXTENSION.exec(url.pathname)?.[0];
  if (extension || STATIC_TYPE.test(type)) {
    return skip('static', harImportTexts.staticFile(extension ?? type));
  }
  if (status < 200 || status > 599) return skip('no answer', harImportTexts.outOfRange(status));
  const text = bodyText(content);
  let body: JsonValue | undefined;
  if (text === null) return skip('not json', harImportTexts.notJson(type));
  if (text !== undefined && !BODYLESS_STATUSES.has(status)) {
    const jsonType = /[/+]json$/.test(type);
    if (!jsonType && type !== '' && type !== 'text/plain') {
      return skip('not json', harImportTexts.notJson(type));
    }
    try {
      body = JSON.parse(text) as JsonValue;
    } catch {
      return skip('not json', harImportTexts.notJson(type));
    }
  }
  return {
    ok: true,
    label,
    recorded: { method: method as RouteMethod, host: url.host, path: url.pathname, status, body },
  };
}

/** The routes being planned: by method and path template key. */
interface Group {
  method: RouteMethod;
  path: string;
  key: string;
  byStatus: Map<number, (JsonValue | undefined)[]>;
}

/**
 * Plans the import of a HAR document (parsed) into a project. The entries are read in order;
 * those answered by the host most JSON answers came from, with a JSON body (or none), become
 * routes by method and path template; a route's responses are one per status seen (the lowest
 * 2xx the default), its template inferred from up to MAX_HAR_SAMPLES bodies at once, then up to
 * MAX_HAR_EXAMPLES distinct bodies of that status as they were recorded, named after the status
 * (`ok`, `ok-1`, `not-found`). The warnings say which host was taken and how many entries were
 * skipped of each kind; the skipped list says which and why, repeated ones counted.
 */
export function planHarImport(
  document: unknown,
  {
    maxRoutes = MAX_ROUTES_PER_PROJECT,
    maxResponses = MAX_RESPONSES_PER_ROUTE,
    now,
  }: HarImportOptions = {},
): ProjectImportPlan {
  const plan: ProjectImportPlan = { routes: [], skipped: [], warnings: [] };
  if (!isHarDocument(document)) {
    plan.skipped.push({ operation: '*', reason: harImportTexts.notHar });
    return plan;
  }
  const entries = ((document as Dict).log as Dict).entries as unknown[];
  const when = now ?? recordedUntil(entries) ?? Date.now();
  const skips = new Skips();
  const usable: { recorded: Recorded; label: string }[] = [];
  const hosts = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    const read = readEntry(entry, index);
    if (!read.ok) {
      skips.add(read.kind, read.label, read.reason);
      continue;
    }
    usable.push(read);
    hosts.set(read.recorded.host, (hosts.get(read.recorded.host) ?? 0) + 1);
  }
  // The host most answers came from is the API's; a page also calls analytics, a CDN, an
  // identity provider, whose answers would make routes of another API under the same paths.
  let mainHost = '';
  for (const [host, count] of hosts) if (count > (hosts.get(mainHost) ?? 0)) mainHost = host;

  const groups = new Map<string, Group>();
  let otherHosts = 0;
  for (const { recorded, label } of usable) {
    if (recorded.host !== mainHost) {
      otherHosts++;
      skips.add('other host', label, harImportTexts.otherHost(recorded.host, mainHost));
      continue;
    }
    const parsed = parsePathTemplate(routePathOf(recorded.path));
    if (!parsed.ok) {
      skips.add('path', label, harImportTexts.badPath(parsed.error));
      continue;
    }
    const importKey = routeLabel(recorded.method, parsed.value.key);
    let group = groups.get(importKey);
    if (!group) {
      if (groups.size >= maxRoutes) {
        plan.skipped.push({
          operation: label,
          reason: projectImportTexts.tooManyRoutes(maxRoutes),
        });
        continue;
      }
      group = {
        method: recorded.method,
        path: parsed.value.path,
        key: importKey,
        byStatus: new Map(),
      };
      groups.set(importKey, group);
    }
    const bodies = group.byStatus.get(recorded.status) ?? [];
    bodies.push(recorded.body);
    group.byStatus.set(recorded.status, bodies);
  }

  const warnings: string[] = [];
  if (mainHost !== '') warnings.push(harImportTexts.mainHost(mainHost, otherHosts));
  if (skips.total > 0) {
    const counts = [...skips.byKind].map(
      ([kind, count]) => `${count.toLocaleString('en')} ${SKIP_WORDS[kind]}`,
    );
    warnings.push(harImportTexts.summary(skips.total, counts));
  }
  for (const group of groups.values()) {
    plan.routes.push(planRoute(group, maxResponses, when, warnings, plan.skipped));
  }
  plan.skipped.push(...skips.lines());
  plan.warnings = warnings;
  return plan;
}

/** The time of the last request recorded (`startedDateTime`), when entries say. */
function recordedUntil(entries: readonly unknown[]): number | undefined {
  let last: number | undefined;
  for (const entry of entries) {
    const started = isDict(entry) ? entry.startedDateTime : undefined;
    const time = typeof started === 'string' ? Date.parse(started) : Number.NaN;
    if (!Number.isNaN(time) && (last === undefined || time > last)) last = time;
  }
  return last;
}

/**
 * The route of calls recorded to one method and path (a proxy's recording, issue 40): the same
 * path template (`/users/42` is `/users/{userId}`) and responses as a HAR import plans them
 * (a response per status, its template inferred from the bodies, the distinct bodies kept as
 * named examples), or null when the path cannot be a route's.
 */
export function planRecordedRoute(
  method: RouteMethod,
  path: string,
  byStatus: ReadonlyMap<number, readonly (JsonValue | undefined)[]>,
  { maxResponses = MAX_RESPONSES_PER_ROUTE, now = Date.now() }: HarImportOptions = {},
): PlannedRoute | null {
  const parsed = parsePathTemplate(routePathOf(path));
  if (!parsed.ok) return null;
  const group: Group = {
    method,
    path: parsed.value.path,
    key: routeLabel(method, parsed.value.key),
    byStatus: new Map([...byStatus].map(([status, bodies]) => [status, [...bodies]])),
  };
  return planRoute(group, maxResponses, now, [], []);
}

/** The key a recorded call's route is found by: its method and its path template's key. */
export function recordedRouteKey(method: string, path: string): string | null {
  const parsed = parsePathTemplate(routePathOf(path));
  return parsed.ok ? routeLabel(method, parsed.value.key) : null;
}

/** A template's text as an import stores it. */
const textOf = (template: JsonValue) => JSON.stringify(template, null, 2);

/** One route of a group: a response per status, then its examples. */
function planRoute(
  group: Group,
  maxResponses: number,
  now: number,
  warnings: string[],
  skipped: SkippedImport[],
): PlannedRoute {
  const label = routeLabel(group.method, group.path);
  const statuses = [...group.byStatus.keys()].sort((a, b) => a - b);
  const defaultStatus = statuses.find((status) => status < 300) ?? statuses[0];
  const names = new Set<string>();
  const responses: RouteResponse[] = [];
  const respond = (name: string, status: number, template: string, isDefault: boolean) =>
    responses.push({
      name: uniqueName(name, names),
      status,
      template,
      headers: [],
      delay: 0,
      isDefault,
    });
  for (const status of statuses) {
    const bodies = (group.byStatus.get(status) ?? []).filter(
      (body): body is JsonValue => body !== undefined,
    );
    const name = STATUS_NAMES[status] ?? String(status);
    if (responses.length >= maxResponses) {
      skipped.push({
        operation: `${label} (${status})`,
        reason: projectImportTexts.tooManyResponses(label, maxResponses),
      });
      continue;
    }
    // An answer recorded without a body is served empty, as the OpenAPI import serves one.
    let template: string = textOf({});
    if (bodies.length > 0) {
      const inferred = inferTemplateFromSamples(bodies.slice(0, MAX_HAR_SAMPLES), now);
      if (inferred.ok) {
        template = textOf(inferred.value.template);
      } else {
        template = textOf(escapeExample(bodies[0] as JsonValue));
        warnings.push(
          harImportTexts.literalTemplate(label, status, inferred.errors[0]?.message ?? ''),
        );
      }
    }
    respond(name, status, template, status === defaultStatus);

    // The bodies as they were recorded, each once, as examples a call asks for by name.
    const seen = new Set<string>();
    let tooLarge = false;
    for (const body of bodies) {
      if (seen.size >= MAX_HAR_EXAMPLES || responses.length >= maxResponses) break;
      const text = JSON.stringify(body);
      if (seen.has(text)) continue;
      seen.add(text);
      const example = textOf(escapeExample(body));
      if (utf8Length(example) > MAX_TEMPLATE_BYTES) {
        tooLarge = true;
        continue;
      }
      respond(`${name}-${seen.size}`, status, example, false);
    }
    if (tooLarge) warnings.push(harImportTexts.bodyTooLarge(label, status));
  }
  return {
    importKey: group.key,
    method: group.method,
    path: group.path,
    name: cut(label, MAX_NAME_LENGTH),
    responses,
    responseMode: 'default',
  };
}
