import { ErrorCode, jsonPath } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const NUL = '\u0000';

/** A value met on the walk: where it sits (its parent's entry and its key), for the path. */
interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string | number | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The keys and indexes (`["tags", 1]`) of the first NUL in a JSON value (in document order), or
 * null. A walk with a stack of its own, not recursion: a body nested 5,000 levels deep (a JSON
 * parser takes it) overflowed the call stack here and answered 500, before the template's own
 * depth limit could refuse it with a 400.
 */
function findNul(body: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value: body, parent: null, key: null }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return pathOf(visit);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    // Pushed last to first, so that the first child is visited first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string | number, unknown];
      if (typeof key === 'string' && key.includes(NUL)) {
        // A key is met before its value: checked as the child is pushed, the order stays.
        stack.push({ value: NUL, parent: visit, key });
      } else {
        stack.push({ value: child, parent: visit, key });
      }
    }
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
  return new AppError(ErrorCode.VALIDATION_FAILED, message, {
    details: { issues: [{ path, message }] },
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
    const error = nulInUrl(request.url);
    if (error) done(error);
    else done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return done();
    const segments = findNul(body);
    if (segments === null) return done();
    done(nulError(segments.length > 0 ? segments.join('.') : '(body)', jsonPath(segments)));
  });
}
