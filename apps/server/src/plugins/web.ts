import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitKey } from '../lib/rate-limit.ts';
import { routeNotFound } from './errors.ts';

const API_PREFIXES = ['/backend/', '/api/'];
const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

const MOCK_ORIGIN_META = '<meta name="mocksmith-mock-origin" content="" />';

/** index.html with the mock origin written into its meta tag, for the web's links and samples. */
function indexHtml(distDir: string, mockOrigin: string | null): string {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  if (!mockOrigin) return html;
  const escaped = mockOrigin.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return html.replace(
    MOCK_ORIGIN_META,
    MOCK_ORIGIN_META.replace('content=""', `content="${escaped}"`),
  );
}

export interface WebOptions {
  /** The built web app, or null. */
  distDir: string | null;
  /** The mocks' own origin, written into the page (MOCK_ORIGIN). */
  mockOrigin: string | null;
  /** JSON 404s per minute per client; 0 turns the limit off. */
  notFoundRateLimit: number;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the
 * SPA fallback (any other GET that wants HTML gets index.html, so client routes load). The API
 * paths keep their JSON 404, rate-limited per client so that scanning for paths is slow (page
 * loads are not counted). Without a build, every unknown path gets the JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  { distDir, mockOrigin, notFoundRateLimit }: WebOptions,
): Promise<void> {
  const hasBuild = distDir !== null && existsSync(join(distDir, 'index.html'));
  const page = hasBuild ? indexHtml(distDir, mockOrigin) : '';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(distDir, 'assets'));
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const wantsPage = (request: FastifyRequest) =>
    hasBuild &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    !request.url.startsWith('/assets/');
  app.setNotFoundHandler(
    {
      preHandler:
        notFoundRateLimit > 0
          ? app.rateLimit({
              max: notFoundRateLimit,
              timeWindow: 60_000,
              keyGenerator: (request) => limitKey('not-found', request.ip),
              allowList: (request) => wantsPage(request),
            })
          : undefined,
    },
    (request, reply) => {
      if (wantsPage(request)) {
        reply.header('Cache-Control', 'no-cache');
        return reply.type('text/html; charset=utf-8').send(page);
      }
      return reply.code(404).send(routeNotFound(request.method, request.url));
    },
  );
}
