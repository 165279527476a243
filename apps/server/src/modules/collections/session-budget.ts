/**
 * The budget of sessions an anonymous caller starts: N new sessions per project, address and
 * hour (MOCK_ANON_SESSIONS_PER_HOUR), counted in fixed windows by the counter the network
 * profiles' per-consumer limits use (Redis when there is one, so every node shares the count).
 * The owner's calls (a token, the owner's API key) and the dashboard never spend it.
 */
import { ErrorCode } from '@mocksmith/core';
import { AppError } from '../../lib/errors.ts';

const HOUR_MS = 3_600_000;

/** A counter of calls per scope, consumer and fixed window (the mock URLs' consumer limits). */
export interface WindowCounter {
  take(
    scope: string,
    consumer: string,
    limit: number,
    windowMs: number,
  ): Promise<{ allowed: boolean; limit: number; remaining: number; resetS: number }>;
}

/**
 * The check a new anonymous session passes (none when `perHour` is 0: no budget): counts it,
 * and past the budget throws 429 with Retry-After, saying how to get past it.
 */
export function sessionBudget(
  counter: WindowCounter,
  perHour: number,
): ((projectId: string, address: string) => Promise<void>) | undefined {
  if (perHour <= 0) return undefined;
  return async (projectId, address) => {
    const verdict = await counter.take(`sessions:${projectId}`, `a:${address}`, perHour, HOUR_MS);
    if (verdict.allowed) return;
    throw new AppError(
      ErrorCode.RATE_LIMITED,
      `Without a token, an address starts at most ${perHour} new sessions of this project an hour: reuse a session, or send the project's token (Authorization: Bearer) to start more. Try again in ${verdict.resetS} seconds`,
      {
        headers: {
          'Retry-After': String(verdict.resetS),
          'RateLimit-Limit': String(verdict.limit),
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': String(verdict.resetS),
        },
      },
    );
  };
}
