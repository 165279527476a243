import { authMessages, ErrorCode } from '@mocksmith/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { isMockPath } from '../lib/mock-headers.ts';
import { apiKeyOf } from './session.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a request is a state-changing call of the service's own API. */
function isGuarded(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const path = request.url;
  if (path.startsWith('/api/user/')) return true;
  // The public mock endpoints, which any site may call (CORS is open there).
  return path.startsWith('/backend/') && !isMockPath(path);
}

/** The origin a request came from: its Origin header, else its Referer's; null when neither. */
function sourceOrigin(request: FastifyRequest): string | null {
  const { origin, referer } = request.headers;
  if (origin) return origin;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Refuses state-changing calls that a browser sent from another site (403): their Origin (or
 * Referer) must be the public origin or the origin the request was addressed to. Calls with
 * neither header come from programs, not from a victim's browser, and pass; the session cookie
 * is SameSite=Lax besides. So do calls signed in with an API key (no cookies): nothing a victim's
 * browser holds is in them, whichever page sent them.
 */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (!isGuarded(request) || apiKeyOf(request) !== null) return;
    const source = sourceOrigin(request);
    if (source === null) return;
    if (source === publicOrigin || source === `${request.protocol}://${request.host}`) return;
    throw new AppError(ErrorCode.ORIGIN_REJECTED, authMessages.originRejected);
  });
}
