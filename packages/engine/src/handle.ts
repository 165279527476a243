/**
 * The flow of a resolved call (DESIGN.md §4b): choose → shape → answer, and the decisions
 * between them, ending in one Answer for the host to send (or a connection to close). resolve
 * and admit run before it (the server's hooks), capture after it (the host's log, once sent).
 * Every host answers through it, so that the server and the command-line runner answer the same
 * call with the same bytes; what only a host can do comes through its ports (HostPorts).
 *
 * The common call (a cached route, no delay, no profile, no rules, a small answer) is answered
 * synchronously, with no promise and no closure of its own: `handle` returns an Answer then, and
 * a promise of one only when something has to be waited for.
 */
import { AppError, ErrorCode, messages, type RawQuery, withoutAppCookies } from '@mocksmith/core';
import type {
  CollectionDefinition,
  CollectionProject,
  Reference,
} from '@mocksmith/core/collections';
import { faultBody, type NetworkDraw, type NetworkProfile } from '@mocksmith/core/network';
import {
  parsePrefer,
  type RequestContext,
  type RuleRequest,
  statusAsked,
} from '@mocksmith/core/projects';
import type { CollectionAccess } from './admit.ts';
import { genericBody, type RenderableResponse, renderAnswer } from './answer.ts';
import { type Answer, type Chosen, firstOf, type MockCall, type SentAnswer } from './call.ts';
import { headerText, sessionNamed } from './capture.ts';
import { type ChoosableResponse, type ChoosableRoute, choose } from './choose.ts';
import { type ForwardSettings, forward, forwardsRefusal, type SpecResponses } from './forward.ts';
import type { CollectionAnswerer, ConsumerLimits, HostPorts } from './ports.ts';
import { delayAsked, shape } from './shape.ts';
import { type ValidatedRoute, type ValidationMode, validate, withViolations } from './validate.ts';

/** What the flow reads of a response: what choosing and rendering read, its name and delay. */
export interface HandledResponse extends ChoosableResponse, RenderableResponse {
  name: string;
  /** Its own delay (ms). */
  delay: number;
  /** Its `X-Mock-Response` header made once (compile.ts); made per call without it. */
  readonly named?: readonly (readonly [string, string])[];
}

/** What the flow reads of a route (a compiled API). */
export interface HandledRoute<R extends HandledResponse> extends ChoosableRoute<R>, ValidatedRoute {
  /** Its owner's account, or null: large answers are budgeted per owner too. */
  ownerId: string | null;
  /** Its own network profile; null: its project's, if any. */
  network: NetworkProfile | null;
  /** `METHOD /path` in its project (what its network draws are keyed on), or null standing alone. */
  routeName: string | null;
}

/** What the flow reads of a project. */
export interface HandledProject extends CollectionProject {
  slug: string;
  /** What its spec says each operation answers: forwarded answers are checked against it. */
  specResponses?: SpecResponses | null;
  settings: {
    overrides?: boolean;
    network?: NetworkProfile | null;
    replay?: boolean;
    /** Whether calls are checked against the spec its routes were imported from (validate.ts). */
    validation?: ValidationMode;
    /** Where the calls no route or collection answers are forwarded (forward.ts), or none. */
    proxy?: ForwardSettings | null;
  };
}

/** A call to a collection (or the reset of its project's state), resolved. */
export interface HandledCollection<P extends HandledProject> {
  project: P;
  /** The collection called, or null for `POST {base}/__reset`. */
  collection: CollectionDefinition | null;
  /** The id of `{path}/{id}` as sent, or null for the list. */
  recordId: string | null;
  access: CollectionAccess;
  /** A nested list (`/users/{id}/orders`): the parent's collection, the id as sent. */
  parent: { collection: CollectionDefinition; id: string; reference: Reference } | null;
}

/** What the flow needs of the engine: its limits, its collections, the rotation's turns. */
export interface HandleSteps {
  limits: ConsumerLimits;
  collections: CollectionAnswerer | undefined;
  turns: Map<string, number>;
}

type Headers = readonly (readonly [string, string])[];

const NO_HEADERS: Headers = [];

/** An OPTIONS of a project's path: its `Allow` was set when it was resolved. */
const NO_CONTENT: SentAnswer = Object.freeze({
  kind: 'send',
  status: 204,
  headers: NO_HEADERS,
  payload: undefined,
  counted: null,
});

/**
 * The flow bound to the engine's steps and to a host's ports, once: `handle(call, host)` answers
 * a resolved and admitted call, `host` being the host's handle on it (passed to its ports).
 * A refusal is thrown (or the promise rejects) with the call's `answerHeaders` set when the
 * answer had been given some.
 */
export function createHandle<
  A extends HandledRoute<R>,
  R extends HandledResponse,
  P extends HandledProject,
  C extends HandledCollection<P>,
  H,
>(steps: HandleSteps, ports: HostPorts<H, R>) {
  type Call = MockCall<A, R, P, C>;
  const { limits, collections, turns } = steps;
  const { large } = ports;
  const largeBytes = large ? large.bytes : Number.POSITIVE_INFINITY;
  // Called unbound where the page's URL is made only when a list needs it.
  const pageUrl = (url: string) => ports.pageUrl(url);

  /** A call answered: synchronously unless it waits for something. */
  function handle(call: Call, host: H): Answer | Promise<Answer> {
    if (call.refusal !== null) return refusedOrForwarded(call, call.refusal, host);
    if (call.collection !== null) return answerCollection(call, call.collection);
    const route = call.route;
    // An OPTIONS of a project's path.
    if (route === null) return NO_CONTENT;
    const project = call.project;
    // The admit stage's last check, now that the body is read: the spec's contract.
    if (route.requestCheck) {
      const refused = validate(call, route, project?.settings.validation);
      if (refused !== null) return refused;
    }
    const query = call.query;
    // The choice: the caller's overrides, the route's rules, its rotation, its default.
    // The choice never reads the app's own cookies (a response's `when` could name Cookie).
    const headers = withoutAppCookies(call.headers);
    const overrides = route.overrides && project?.settings.overrides !== false;
    const chosen = choose(
      route,
      headers,
      query,
      overrides,
      route.rules ? () => ruleRequestOf(call, headers) : null,
      turns,
    );
    const { response } = chosen;
    // A body nested too deep was never parsed: a template that reads it has nothing to read.
    if (call.bodyProblem === 'too-deep' && response.compiled.readsBody && !chosen.generic) {
      throw new AppError(ErrorCode.BODY_TOO_DEEP, messages.bodyTooDeep);
    }
    call.chosen = chosen;
    const marks = project === null ? null : withViolations(marksOf(chosen), call.violations);
    call.answerHeaders = marks;
    const profile = route.network ?? project?.settings.network ?? null;
    const asked = overrides ? delayAsked(call.headers.prefer, query) : undefined;
    if (profile !== null || asked !== undefined) {
      return throughNetwork(call, host, route, chosen, profile, asked, overrides, marks);
    }
    // Only a response whose worst-case answer is large takes the budgeted path, off the event loop.
    if (response.compiled.maxBytes >= largeBytes && !chosen.generic) {
      return answerLarge(call, host, route, response, response.delay, marks);
    }
    const answer = answerOf(call, route, chosen, marks);
    if (response.delay > 0) return ports.wait(call.client, response.delay).then(() => answer);
    return answer;
  }

  /**
   * A call resolve refused: forwarded to its project's proxy when it has one and no route or
   * collection answers it (an unknown path, another method), else refused as before.
   */
  function refusedOrForwarded(call: Call, refusal: Error, host: H): Promise<Answer> {
    const proxy = call.project?.settings.proxy;
    if (!proxy || !ports.forward || !forwardsRefusal(refusal)) throw refusal;
    return forward(
      ports.forward,
      host,
      call,
      proxy,
      ports.requestPath(call.url),
      call.project as P,
    );
  }

  /** The answer of a chosen response (rendered), or the generic body of a status asked for. */
  function answerOf(call: Call, route: A, chosen: Chosen<R>, marks: Headers | null): SentAnswer {
    if (chosen.generic) {
      return {
        kind: 'send',
        status: chosen.status,
        headers: marks ?? NO_HEADERS,
        payload: chosen.status === 204 ? undefined : genericBody(chosen.status),
        counted: route.id,
      };
    }
    const { response } = chosen;
    return renderAnswer(
      response,
      call.query,
      pageUrl,
      call.url,
      contextOf(call, response),
      marks,
      route.id,
    );
  }

  /** A route's call through its network profile, or with a delay its caller asked for. */
  async function throughNetwork(
    call: Call,
    host: H,
    route: A,
    chosen: Chosen<R>,
    profile: NetworkProfile | null,
    asked: number | undefined,
    overrides: boolean,
    marks: Headers | null,
  ): Promise<Answer> {
    const project = call.project;
    const shaped = await shape(limits, {
      profile,
      overrides,
      scope: route.network || !project ? route.id : project.id,
      routeId: route.id,
      // The same on every host of the project (its files carry no id): its place there.
      drawKey: route.routeName ?? route.id,
      project,
      query: call.query,
      authorization: firstOf(call.headers.authorization),
      session: sessionNamed(call.headers, call.query),
      client: call.client,
      baseDelay: chosen.response.delay,
      asked,
      // A caller who asked for a response or a status gets it: no fault in its place.
      keepAnswer: chosen.asked === true,
    });
    if (shaped.headers !== null) marks = call.answerHeaders = withHeaders(marks, shaped.headers);
    const { delay, fault } = shaped;
    call.delay = delay;
    if (fault === null && chosen.response.compiled.maxBytes >= largeBytes && !chosen.generic) {
      return answerLarge(call, host, route, chosen.response, delay, marks);
    }
    if (delay > 0) await ports.wait(call.client, delay);
    if (fault !== null) return faultAnswer(call, fault, marks);
    return answerOf(call, route, chosen, marks);
  }

  /**
   * A large answer: after its delay, made through the host's large answers (its budget and
   * workers), its list headers before the API's own.
   */
  async function answerLarge(
    call: Call,
    host: H,
    route: A,
    response: R,
    delay: number,
    marks: Headers | null,
  ): Promise<Answer> {
    if (delay > 0) await ports.wait(call.client, delay);
    const rendered = await (large as NonNullable<typeof large>).render(
      host,
      route,
      response,
      call.query,
      ports.pageUrl(call.url),
      contextOf(call, response),
    );
    const headers =
      rendered.headers.length === 0
        ? response.headerList
        : [...rendered.headers, ...response.headerList];
    return {
      kind: 'send',
      status: response.httpCode,
      headers: marks === null ? headers : [...marks, ...headers],
      payload: response.httpCode === 204 ? undefined : rendered.body,
      counted: route.id,
    };
  }

  /**
   * A call to a collection: the session it names, then the project's network profile (a
   * collection has none of its own), then the collections' answer step (or the reset of the
   * session's state). A collection has no count of its own (its calls are counted in the
   * analytics).
   */
  async function answerCollection(call: Call, target: C): Promise<Answer> {
    if (!collections) {
      throw new AppError(ErrorCode.ROUTE_NOT_FOUND, 'Collections are not served here');
    }
    const query = call.query;
    const session = collections.sessionOf(call.headers['x-mock-session'], query);
    const { project, collection } = target;
    const owner = await isOwner(project, target.access);
    if (collection === null) {
      await collections.reset(project, session);
      // A replayed project's delays and faults start again from its first call.
      if (project.settings.replay) await limits.resetCalls(project.id);
      return NO_CONTENT;
    }
    const overrides = project.settings.overrides !== false;
    const profile = project.settings.network ?? null;
    const prefer = call.headers.prefer;
    const asked = overrides ? delayAsked(prefer, query) : undefined;
    const status = overrides ? collectionStatusAsked(call.method, prefer, query) : undefined;
    let marks: Headers | null = null;
    if (profile !== null || asked !== undefined) {
      call.project = project;
      const shaped = await shape(limits, {
        profile,
        overrides,
        scope: project.id,
        routeId: collection.id,
        drawKey: collection.path,
        project,
        query,
        authorization: firstOf(call.headers.authorization),
        session: sessionNamed(call.headers, query),
        client: call.client,
        baseDelay: 0,
        asked,
        // A caller who asked for a status gets it: no fault in its place.
        keepAnswer: status !== undefined,
      });
      if (shaped.headers !== null) marks = call.answerHeaders = withHeaders(null, shaped.headers);
      call.delay = shaped.delay;
      if (shaped.delay > 0) await ports.wait(call.client, shaped.delay);
      if (shaped.fault !== null) return faultAnswer(call, shaped.fault, marks);
    }
    // A status the operation would not answer: that status with a generic body, and nothing
    // read or written (a client's error handling under test, not its data).
    if (status !== undefined && status !== collectionStatus(call.method, target.recordId)) {
      const bodiless = status === 204 || call.method === 'HEAD';
      return {
        kind: 'send',
        status,
        headers: marks ?? NO_HEADERS,
        payload: bodiless ? undefined : genericBody(status),
        counted: null,
      };
    }
    const base = ports.projectUrl(project.slug);
    const { parent } = target;
    const answer = await collections.answer({
      project,
      collection,
      recordId: target.recordId,
      method: call.method,
      query,
      body: call.body,
      bodyProblem: call.bodyProblem,
      contentType: firstOf(call.headers['content-type']),
      session,
      // A nested list's pages link to it; a record added there is at its collection's own path.
      listUrl:
        parent !== null && call.method !== 'POST'
          ? `${base}${parent.collection.path}/${encodeURIComponent(parent.id)}/${collection.name}`
          : `${base}${collection.path}`,
      parent,
      caller: { owner, address: call.client },
    });
    return {
      kind: 'send',
      status: answer.status,
      headers: marks === null ? answer.headers : [...marks, ...answer.headers],
      payload: call.method === 'HEAD' ? undefined : answer.payload,
      counted: null,
    };
  }

  /**
   * Whether a collection's call is the owner's: a token of the project or the collection said
   * so already; a personal API key is the owner's when it is live and theirs. Any other key is
   * anyone's, refused (401) where a token is required.
   */
  async function isOwner(project: P, access: CollectionAccess): Promise<boolean> {
    if (access.kind !== 'key') return access.kind === 'owner';
    if ((await ports.ownerOfKey(access.key)) === project.ownerId) return true;
    if (access.refusal) throw access.refusal;
    return false;
  }

  /**
   * What a template reads of the request, built only for one that reads it: the route's
   * parameters, the query, the headers and the JSON body.
   */
  function contextOf(call: Call, response: R): RequestContext | undefined {
    return response.compiled.readsRequest
      ? {
          params: call.params ?? {},
          query: call.query as RequestContext['query'],
          headers: readableHeaders(call.headers),
          body: call.body ?? null,
          method: call.method,
          path: ports.requestPath(call.url),
        }
      : undefined;
  }

  return handle;
}

export type Handle<A, R, P, C, H> = (
  call: MockCall<A, R, P, C>,
  host: H,
) => Answer | Promise<Answer>;

/**
 * An injected fault: a status with its body and X-Mock-Fault (no count), or a connection to
 * close, reset or with no answer at all; the call's fault as the log names it.
 */
function faultAnswer<A, R, P, C>(
  call: MockCall<A, R, P, C>,
  fault: NonNullable<NetworkDraw['fault']>,
  marks: Headers | null,
): Answer {
  if (fault.kind === 'reset' || fault.kind === 'empty') {
    call.fault = fault.kind;
    return { kind: 'close', how: fault.kind };
  }
  const status = fault.status ?? 503;
  call.fault = String(status);
  const header: readonly [string, string] = ['x-mock-fault', String(status)];
  return {
    kind: 'send',
    status,
    headers: marks === null ? [header] : [...marks, header],
    payload: fault.body ?? faultBody(status),
    counted: null,
  };
}

/**
 * A project's answers say which response answered (none for a status no response has: its
 * generic body is none of them), and which rule picked it: its name, else its place. Null when
 * they say neither.
 */
function marksOf<R extends HandledResponse>(chosen: Chosen<R>): Headers | null {
  const named = !chosen.generic;
  if (chosen.rule === null) {
    // Nearly every project call: the response's own mark, made when it was compiled.
    if (!named) return null;
    if (chosen.response.named !== undefined) return chosen.response.named;
  }
  const marks: (readonly [string, string])[] = [];
  if (named) marks.push(['x-mock-response', headerText(chosen.response.name)]);
  if (chosen.rule !== null) {
    marks.push([
      'x-mock-rule',
      chosen.ruleName ? headerText(chosen.ruleName) : String(chosen.rule + 1),
    ]);
  }
  return marks;
}

/** Headers given before, then a profile's `RateLimit-*`. */
function withHeaders(marks: Headers | null, added: Record<string, string>): Headers {
  const entries = Object.entries(added);
  return marks === null ? entries : [...marks, ...entries];
}

/**
 * The headers a template may read: all but `cookie`. Where the mocks share the site's origin,
 * a browser sends the site's cookies to a mock URL too, and a template that echoed them would
 * put a session where a page could read it; no mock needs them in its body.
 */
export function readableHeaders<T extends Record<string, string | string[] | undefined>>(
  headers: T,
): T {
  if (headers.cookie === undefined) return headers;
  const { cookie: _cookie, ...rest } = headers;
  return rest as T;
}

/**
 * What a route's rules read of a call: its parameters, query, headers (the caller's cookies
 * too, never the app's own) and body.
 */
export function ruleRequestOf(
  call: { params: RuleRequest['params'] | null; query: RawQuery; body: unknown },
  headers: RuleRequest['headers'],
): RuleRequest {
  return {
    params: call.params ?? {},
    query: call.query as RuleRequest['query'],
    headers,
    // A host's request headers, named in lower case as HTTP/1.1 parsers give them.
    headersLowerCase: true,
    body: call.body ?? null,
  };
}

/**
 * The status a caller asks a collection for (`Prefer: code=N`, `?__status=N`), or undefined;
 * 400 for a status that is not one, and for `Prefer: example=NAME` (a collection answers from
 * its records: it has no named responses to pick).
 */
export function collectionStatusAsked(
  method: string,
  prefer: string | string[] | undefined,
  query: RawQuery,
): number | undefined {
  const preferences = prefer === undefined ? {} : parsePrefer(prefer);
  if (preferences.example !== undefined && preferences.example !== '') {
    throw new AppError(
      ErrorCode.BAD_REQUEST,
      `A collection answers ${method} from its records and has no response named "${preferences.example.slice(0, 80)}" (Prefer: example=NAME picks a route's responses); ask for a status with Prefer: code=404 or ?__status=404`,
    );
  }
  const asked = statusAsked(preferences, firstOf(query.__status));
  if (!asked.ok) throw new AppError(ErrorCode.BAD_REQUEST, asked.message);
  return asked.status;
}

/** The status a collection's operation answers when it succeeds. */
export function collectionStatus(method: string, recordId: string | null): number {
  if (method === 'POST' && recordId === null) return 201;
  return method === 'DELETE' ? 204 : 200;
}
