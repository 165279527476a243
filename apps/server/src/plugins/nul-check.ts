import { ErrorCode, jsonPath } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const NUL = '\u0000';

/** The keys and indexes (`["tags", 1]`) of the first NUL in a JSON value, or null. */
function findNul(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key];
    const found = findNul(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The 400 of a NUL character (`%00`) in a URL, or null when there is none: one scan of the raw
 * URL, cheap enough for the hot path of the mock URLs.
 */
export function nulInUrl(url: string): AppError | null {
  const at = url.indexOf('%00');
  if (at === -1) return null;
  const query = url.indexOf('?');
  return nulError(query !== -1 && at > query ? 'The query string' : 'The URL path');
}

/** The 400 naming where the NUL is: a dotted field (`tags.1`) or a part of the URL. */
function nulError(where: string, path = where): AppError {
  const message = `${where} contains the NUL character (U+0000), which is not allowed`;
  return new AppError(400, ErrorCode.VALIDATION_FAILED, message, { issues: [{ path, message }] });
}

/**
 * Refuses the NUL character (U+0000) at the edge, with a 400 that says where it is: anywhere in
 * the URL (`/api/abc%00`, a reset token, a query value) or in any string or key of a JSON body.
 * PostgreSQL cannot store it in text, so it would otherwise surface as a 500 deep in a query, and
 * no field of ours has a use for it. Browsers and HTTP clients send it only on purpose.
 */
export function registerNulCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const error = nulInUrl(request.url);
    if (error) done(error);
    else done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return done();
    const segments = findNul(body, []);
    if (segments === null) return done();
    done(nulError(segments.length > 0 ? segments.join('.') : '(body)', jsonPath(segments)));
  });
}
