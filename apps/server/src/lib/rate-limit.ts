import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors.ts';

export interface KeyedLimitOptions {
  /** Names the counter; limits with different names never share one. */
  name: string;
  /** Requests per window; 0 turns the limit off. */
  max: number;
  windowS: number;
  /** What is counted: the client address by default. */
  key?: (request: FastifyRequest) => string;
}

/**
 * The key of a limit's counter: its name and what it counts. @fastify/rate-limit keys its
 * counters by the key alone, so two limits keyed by the client address would share a counter
 * unless their keys are told apart.
 */
export const limitKey = (name: string, value: string) => `${name}:${value}`;

/**
 * A check against one counter of the app's rate-limit store (in memory, or in Redis when
 * scaled out) that throws 429 with Retry-After once `max` is passed. Unlike the plugin's own
 * hook, which runs once per request, several of these can guard one route (per client and per
 * e-mail address, say). Returns null when the limit is off.
 */
export function keyedLimit(
  app: FastifyInstance,
  { name, max, windowS, key = (request) => request.ip }: KeyedLimitOptions,
): ((request: FastifyRequest) => Promise<void>) | null {
  if (max <= 0) return null;
  const check = app.createRateLimit({
    max,
    timeWindow: windowS * 1000,
    keyGenerator: (request) => limitKey(name, key(request)),
  });
  return async (request) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    throw tooManyRequests(
      `Too many attempts: at most ${max} per ${Math.round(windowS / 60)} minutes. Try again in ${seconds} seconds`,
      seconds,
    );
  };
}
