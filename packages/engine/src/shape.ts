/**
 * The shape step (DESIGN.md §4b): the network profile of a call. Its per-consumer limit first
 * (429), then one draw from the call's random source (`?__seed=N`, the project's replay counter,
 * or none): one delay, maybe one fault. A caller's `?__delay` or `Prefer: delay` takes the
 * latency's place; a caller who asked for a response or a status gets no fault in its place.
 */
import { createHash } from 'node:crypto';
import { AppError, createRandom, ErrorCode, MAX_DELAY_MS, type RawQuery } from '@mocksmith/core';
import { drawNetwork, type NetworkDraw, type NetworkProfile } from '@mocksmith/core/network';
import { parsePrefer } from '@mocksmith/core/projects';
import { firstOf, type Shape } from './call.ts';
import type { ConsumerLimits } from './ports.ts';

/** What the shape step reads of a call. */
export interface ShapeInput {
  /** The network profile: the route's own, else its project's; null for none. */
  profile: NetworkProfile | null;
  /** Whether the caller's overrides count (`?__seed`). */
  overrides: boolean;
  /** The id the profile's limit counts on (the route's when the profile is its own, else the project's). */
  scope: string;
  /** The route (or collection) called: its replay counter is its own. */
  routeId: string;
  /**
   * What its draws are keyed on, the same on every host of the engine, so that a seed draws the
   * same faults from the hosted project and from the runner serving its files (which carry no
   * ids): a project route's `METHOD /path`, a collection's path, a stand-alone API's id.
   */
  drawKey: string;
  /** The project, for a replay (its seed and call counter). */
  project: { id: string; seed: number; settings: { replay?: boolean } } | null;
  query: RawQuery;
  authorization: string | undefined;
  /** The session the call names (`X-Mock-Session`, `?__session`), if any. */
  session: string | undefined;
  /** The caller's address. */
  client: string;
  /** The chosen response's own delay (ms); 0 for a collection. */
  baseDelay: number;
  /** The delay the caller asked for (delayAsked), which replaces the drawn one. */
  asked: number | undefined;
  /** The caller asked for an answer (a response, a status): no fault in its place. */
  keepAnswer: boolean;
}

/**
 * The call's delay and fault, and the `RateLimit-*` headers of a profile with a limit (null
 * without). Throws the 429 of a consumer past the profile's limit.
 */
export async function shape(
  limits: ConsumerLimits,
  input: ShapeInput,
): Promise<Shape & { headers: Record<string, string> | null }> {
  const { profile } = input;
  let headers: Record<string, string> | null = null;
  if (profile?.rateLimit) {
    const { limit, per } = profile.rateLimit;
    const verdict = await limits.take(
      input.scope,
      consumerOf(input.authorization, input.session, input.client),
      limit,
      per === 'second' ? 1000 : 60_000,
    );
    headers = {
      'RateLimit-Limit': String(verdict.limit),
      'RateLimit-Remaining': String(verdict.remaining),
      'RateLimit-Reset': String(verdict.resetS),
    };
    if (!verdict.allowed) {
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `Rate limit of this ${input.scope === input.routeId ? 'route' : 'project'}'s network profile: at most ${limit} calls per ${per} for each consumer. Try again in ${verdict.resetS} seconds`,
        { headers: { ...headers, 'Retry-After': String(verdict.resetS) } },
      );
    }
  }
  const drawn = profile === null ? NO_DRAW : await draw(limits, profile, input);
  return {
    delay: input.asked ?? Math.min(MAX_DELAY_MS, input.baseDelay + drawn.delay),
    fault: input.keepAnswer ? null : drawn.fault,
    headers,
  };
}

const NO_DRAW: NetworkDraw = { delay: 0, fault: null };

/** One draw of the profile, from the call's random source. */
async function draw(
  limits: ConsumerLimits,
  profile: NetworkProfile,
  input: ShapeInput,
): Promise<NetworkDraw> {
  const seed = input.overrides ? firstOf(input.query.__seed) : undefined;
  const project = input.project;
  let random: () => number = Math.random;
  if (seed !== undefined && seed !== '') {
    const source = createRandom(`${seed.slice(0, 64)}:${input.drawKey}`);
    random = () => source.next();
  } else if (project?.settings.replay) {
    const call = await limits.nextCall(project.id, input.routeId);
    const source = createRandom(`${project.seed}:${input.drawKey}:${call}`);
    random = () => source.next();
  }
  return drawNetwork(profile, random, MAX_DELAY_MS);
}

/**
 * The delay a caller asks for: `?__delay=1500` or `Prefer: delay=1500`, in milliseconds, at
 * most the platform's maximum (MAX_DELAY_MS); undefined when none; 400 when it is no number.
 */
export function delayAsked(
  prefer: string | string[] | undefined,
  query: RawQuery,
): number | undefined {
  const text =
    firstOf(query.__delay) ?? (prefer === undefined ? undefined : parsePrefer(prefer).delay);
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,9}$/.test(text.trim())) {
    throw new AppError(
      ErrorCode.BAD_REQUEST,
      `"${text.slice(0, 40)}" is not a delay: ask for a whole number of milliseconds, at most ${MAX_DELAY_MS} (?__delay=1500 or Prefer: delay=1500)`,
    );
  }
  return Math.min(Number(text.trim()), MAX_DELAY_MS);
}

/** Who a call is, for its limit: a hash of its bearer token, else its session, else its address. */
export function consumerOf(
  authorization: string | undefined,
  session: string | undefined,
  address: string,
): string {
  if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
    return `t:${createHash('sha256').update(authorization.slice(7).trim()).digest('base64url').slice(0, 22)}`;
  }
  if (session) return `s:${session.slice(0, 64)}`;
  return `a:${address}`;
}
