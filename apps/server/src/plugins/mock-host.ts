import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { isMockPath, MOCK_ANSWER_HEADERS } from '../modules/mocks/mock-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public mock URL: served on the mock origin (MOCK_ORIGIN), never as the app. */
    mock?: boolean;
  }
}

/** Paths both hosts answer: the load balancer's health check. */
const SHARED_PATHS = new Set(['/backend/health']);

/**
 * Keeps the app and the mocks on their own hosts when MOCK_ORIGIN names another origin (the
 * recommended production setup, as user content lives on hosted services): the mock host answers
 * the public mock URLs and nothing else (no page, no /backend call, so no session of ours is ever
 * in reach of a mock answer), and the app host sends mock URLs on to the mock host with a 308,
 * which keeps the method and body, so links given out before keep working. A preflight is
 * answered where it is asked, since browsers do not follow a redirect of one. Nothing is
 * registered when the mocks share the app's origin.
 */
export function registerMockHost(app: FastifyInstance, config: Config): void {
  if (!config.separateMockHost || !config.mockOrigin) return;
  const mockOrigin = config.mockOrigin;
  const mockHost = new URL(mockOrigin).host;
  app.addHook('onRequest', async (request, reply) => {
    const isMock =
      request.routeOptions.config.mock === true ||
      // The preflight of a mock URL, answered by the CORS plugin's own route.
      (request.method === 'OPTIONS' && isMockPath(request.url));
    const onMockHost = request.host === mockHost;
    if (isMock === onMockHost || SHARED_PATHS.has(request.url)) return;
    if (!isMock) {
      throw new AppError(
        404,
        'NOT_FOUND',
        `This host serves only the public mock URLs; ${request.method} ${request.url.split('?')[0]} is not one`,
      );
    }
    if (request.method === 'OPTIONS') return;
    reply.headers(MOCK_ANSWER_HEADERS).header('access-control-allow-origin', '*');
    return reply.redirect(`${mockOrigin}${request.url}`, 308);
  });
}
