import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const NUL = '\u0000';

/** The dotted path (`tags.1`, `option.authToken`) of the first NUL in a JSON value, or null. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || '(body)' : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return childPath;
    const found = findNul(child, childPath);
    if (found !== null) return found;
  }
  return null;
}

function nulError(where: string): AppError {
  const message = `${where} contains the NUL character (U+0000), which is not allowed`;
  return new AppError(400, 'VALIDATION_FAILED', message, {
    issues: [{ path: where, message }],
  });
}

/**
 * Refuses the NUL character (U+0000) at the edge, with a 400 that says where it is: anywhere in
 * the URL (`/api/abc%00`, a reset token, a query value) or in any string or key of a JSON body.
 * PostgreSQL cannot store it in text, so it would otherwise surface as a 500 deep in a query, and
 * no field of ours has a use for it. Browsers and HTTP clients send it only on purpose.
 */
export function registerNulCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    const at = url.indexOf('%00');
    if (at === -1) return done();
    const query = url.indexOf('?');
    done(nulError(query !== -1 && at > query ? 'The query string' : 'The URL path'));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return done();
    const path = findNul(body, '');
    done(path === null ? undefined : nulError(path));
  });
}
