import { ErrorCode } from '@mocksmith/core';
import { SLUG_PATTERN } from '@mocksmith/core/projects';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { MOCK_ANSWER_HEADERS } from '../lib/mock-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public mock URL: served on the mock origin (MOCK_ORIGIN), never as the app. */
    mock?: boolean;
  }
}

/** Paths both hosts answer: the load balancer's health check. */
const SHARED_PATHS = new Set(['/backend/health']);

/** The mock host's `host` (name and port), when the mocks live on a host of their own. */
export function mockHostOf(config: Config): string | null {
  return config.separateMockHost && config.mockOrigin ? new URL(config.mockOrigin).host : null;
}

/**
 * The app's half of MOCK_ORIGIN (the recommended production setup, as user content lives on
 * hosted services): on the mock host, the app serves nothing (no page, no /backend call, so no
 * session of ours is ever in reach of a mock answer), but the health check. Register it in the
 * scope of the app's routes; nothing is registered when the mocks share the app's origin.
 */
export function registerAppHostOnly(app: FastifyInstance, config: Config): void {
  const mockHost = mockHostOf(config);
  if (!mockHost) return;
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.host !== mockHost || SHARED_PATHS.has(request.url)) return done();
    done(
      new AppError(
        ErrorCode.NOT_FOUND,
        `This host serves only the public mock URLs; ${request.method} ${request.url.split('?')[0]} is not one`,
      ),
    );
  });
}

/**
 * The project a request's host names under MOCK_WILDCARD_HOST (`acme.mocks.example.com` →
 * `acme`), or null: one label before the wildcard host, of a slug's shape; the port, if any,
 * is not compared (the wildcard host may name one, a proxy may drop it). Null when unset.
 */
export function wildcardSlugOf(
  config: Config,
): ((host: string | undefined) => string | null) | null {
  const wildcard = config.MOCK_WILDCARD_HOST?.replace(/:\d+$/, '');
  if (!wildcard) return null;
  const suffix = `.${wildcard}`;
  return (host) => {
    if (host === undefined) return null;
    const name = host.toLowerCase().replace(/:\d+$/, '');
    if (!name.endsWith(suffix)) return null;
    const label = name.slice(0, -suffix.length);
    return SLUG_PATTERN.test(label) ? label : null;
  };
}

/**
 * A request's URL as the router should see it: on a project's wildcard host, every path is the
 * project's (`acme.mocks.example.com/users` → `/p/acme/users`), so the app itself is never
 * served there. For Fastify's `rewriteUrl`; undefined when MOCK_WILDCARD_HOST is unset.
 */
export function wildcardRewrite(
  config: Config,
): ((request: { url?: string; headers: { host?: string } }) => string) | undefined {
  const slugOf = wildcardSlugOf(config);
  if (!slugOf) return undefined;
  return (request) => {
    const url = request.url ?? '/';
    const slug = slugOf(request.headers.host);
    return slug === null ? url : `/p/${slug}${url.startsWith('/') ? url : `/${url}`}`;
  };
}

/**
 * The mocks' half: a mock URL asked of the app host is sent on to the mock host with a 308,
 * which keeps the method and body, so links given out before keep working. A preflight is
 * answered where it is asked, since browsers do not follow a redirect of one. Returns false
 * when it answered (redirected), for the mock scope's first hook.
 */
export function mockHostRedirect(
  config: Config,
): ((request: FastifyRequest, reply: FastifyReply) => boolean) | null {
  const mockHost = mockHostOf(config);
  const mockOrigin = config.mockOrigin;
  if (!mockHost || !mockOrigin) return null;
  const wildcardSlug = wildcardSlugOf(config);
  return (request, reply) => {
    if (request.host === mockHost || request.method === 'OPTIONS') return true;
    // A project's own host (MOCK_WILDCARD_HOST) is a mock host too.
    if (wildcardSlug?.(request.host) != null) return true;
    reply.headers(MOCK_ANSWER_HEADERS).header('access-control-allow-origin', '*');
    reply.redirect(`${mockOrigin}${request.url}`, 308);
    return false;
  };
}
