import { describe, expect, it } from 'vitest';
import { isProjectImportUpload } from '../schemas/openapi-import-texts.ts';
import { isHarDocument, MAX_HAR_EXAMPLES, planHarImport } from './har-import.ts';
import { routePathOf, segmentKind } from './har-paths.ts';
import { diffImport } from './openapi-import-diff.ts';

declare const btoa: (text: string) => string;

const NOW = Date.parse('2026-01-01T00:00:00Z');

interface EntryOptions {
  status?: number;
  mimeType?: string;
  body?: unknown;
  text?: string;
  encoding?: string;
}

/** One HAR entry: a request and its answer, the body JSON unless `text` says otherwise. */
function entry(method: string, url: string, options: EntryOptions = {}) {
  const { status = 200, mimeType = 'application/json; charset=utf-8', body, encoding } = options;
  const text = options.text ?? (body === undefined ? undefined : JSON.stringify(body));
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 12,
    request: { method, url, httpVersion: 'HTTP/1.1', headers: [], queryString: [] },
    response: {
      status,
      statusText: '',
      headers: [],
      content: {
        size: text?.length ?? 0,
        mimeType,
        ...(text !== undefined && { text }),
        ...(encoding && { encoding }),
      },
    },
  };
}

const har = (...entries: unknown[]) => ({ log: { version: '1.2', creator: {}, entries } });

const user = (id: number, name: string) => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role: id % 2 ? 'admin' : 'member',
});

describe('HAR paths', () => {
  it('tells identifiers from words', () => {
    expect(segmentKind('42')).toBe('number');
    expect(segmentKind('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe('uuid');
    expect(segmentKind('2024-05-01')).toBe('date');
    expect(segmentKind('507f1f77bcf86cd799439011')).toBe('id');
    expect(segmentKind('cus_J4kPq8xY2zLm9NbV')).toBe('id');
    expect(segmentKind('users')).toBeUndefined();
    expect(segmentKind('v2')).toBeUndefined();
    expect(segmentKind('my-first-post-of-2024')).toBeUndefined();
  });

  it('names a parameter after the segment before it', () => {
    expect(routePathOf('/users/42')).toBe('/users/{userId}');
    expect(routePathOf('/api/categories/7/line-items/9/')).toBe(
      '/api/categories/{categoryId}/line-items/{lineItemId}',
    );
    expect(routePathOf('/reports/2024-05-01')).toBe('/reports/{date}');
    expect(routePathOf('/42/17')).toBe('/{id}/{id2}');
    expect(routePathOf('/addresses/3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(
      '/addresses/{addressId}',
    );
    expect(routePathOf('/')).toBe('/');
  });
});

describe('planHarImport', () => {
  it('knows a HAR document', () => {
    expect(isHarDocument(har())).toBe(true);
    expect(isHarDocument({ openapi: '3.1.0', paths: {} })).toBe(false);
    expect(planHarImport({ log: {} }).skipped[0]?.reason).toMatch(/not a HAR file/);
  });

  it('makes a route per method and path template, a response per status, examples kept', () => {
    const plan = planHarImport(
      har(
        entry('GET', 'https://api.example.com/users/42', { body: user(42, 'Ada') }),
        entry('GET', 'https://api.example.com/users/17?expand=1', { body: user(17, 'Alan') }),
        entry('GET', 'https://api.example.com/users/17', { body: user(17, 'Alan') }),
        entry('GET', 'https://api.example.com/users/99', {
          status: 404,
          body: { error: 'not found' },
        }),
        entry('GET', 'https://api.example.com/users', { body: [user(1, 'Grace')] }),
        entry('POST', 'https://api.example.com/users', { status: 201, body: user(5, 'Edsger') }),
        entry('DELETE', 'https://api.example.com/users/5', { status: 204, mimeType: '' }),
      ),
      { now: NOW },
    );
    expect(plan.routes.map((route) => `${route.importKey} → ${route.path}`)).toEqual([
      'GET /users/{} → /users/{userId}',
      'GET /users → /users',
      'POST /users → /users',
      'DELETE /users/{} → /users/{userId}',
    ]);
    const [one, list, created, deleted] = plan.routes;
    expect(one?.responses.map((r) => [r.name, r.status, r.isDefault])).toEqual([
      ['ok', 200, true],
      ['ok-1', 200, false],
      ['ok-2', 200, false],
      ['not-found', 404, false],
      ['not-found-1', 404, false],
    ]);
    // The template is inferred from both bodies; the examples are the bodies as recorded.
    const template = JSON.parse(one?.responses[0]?.template ?? '');
    expect(Object.keys(template)).toEqual(['id', 'name', 'email', 'role']);
    expect(template.email).not.toBe('ada@example.com');
    expect(JSON.parse(one?.responses[1]?.template ?? '')).toEqual(user(42, 'Ada'));
    expect(JSON.parse(one?.responses[2]?.template ?? '')).toEqual(user(17, 'Alan'));
    expect(JSON.parse(list?.responses[0]?.template ?? '')[0].__multiply).toBeDefined();
    expect(created?.responses[0]).toMatchObject({ name: 'created', status: 201, isDefault: true });
    expect(deleted?.responses).toEqual([
      { name: 'no-content', status: 204, template: '{}', headers: [], delay: 0, isDefault: true },
    ]);
    expect(one?.name).toBe('GET /users/{userId}');
    expect(one?.responseMode).toBe('default');
  });

  it('skips static files, redirects, preflights, other hosts and bodies that are not JSON', () => {
    const plan = planHarImport(
      har(
        entry('GET', 'https://api.example.com/items/1', { body: { id: 1 } }),
        entry('GET', 'https://api.example.com/items/2', { body: { id: 2 } }),
        entry('OPTIONS', 'https://api.example.com/items/1', { status: 204 }),
        entry('GET', 'https://api.example.com/app.js', { mimeType: 'text/javascript', text: '1' }),
        entry('GET', 'https://api.example.com/logo', { mimeType: 'image/png', text: 'AAAA' }),
        entry('GET', 'https://api.example.com/old', { status: 301, mimeType: 'text/html' }),
        entry('GET', 'https://api.example.com/page', { mimeType: 'text/plain', text: 'hello' }),
        entry('GET', 'https://api.example.com/feed', {
          mimeType: 'application/xml',
          text: '<a/>',
        }),
        entry('GET', 'https://cdn.example.net/config', { body: { a: 1 } }),
        entry('GET', 'https://api.example.com/cancelled', { status: 0 }),
        entry('GET', 'https://api.example.com/items/3', { status: 304, mimeType: '' }),
      ),
      { now: NOW },
    );
    expect(plan.routes.map((route) => route.importKey)).toEqual(['GET /items/{}']);
    const reasons = plan.skipped.map(({ operation, reason }) => `${operation}: ${reason}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^OPTIONS \/items\/1: An OPTIONS request/),
      'GET /app.js: A static file (.js), not an API answer',
      'GET /logo: A static file (image/png), not an API answer',
      expect.stringMatching(/^GET \/old: A redirect \(301\)/),
      'GET /page: The answer is not JSON (text/plain)',
      'GET /feed: The answer is not JSON (application/xml)',
      expect.stringMatching(/^GET \/cancelled: The request got no answer/),
      expect.stringMatching(/^GET \/items\/3: Not Modified \(304\)/),
      expect.stringMatching(/^GET \/config: A request to cdn\.example\.net/),
    ]);
    expect(plan.warnings[0]).toMatch(/requests to api\.example\.com; 1 request to other hosts/);
    expect(plan.warnings[1]).toBe(
      '9 entries of the HAR were skipped: 1 CORS preflight, 2 static file, 1 redirect, 2 not JSON, 1 unanswered, 1 not modified, 1 other host',
    );
  });

  it('decodes base64 bodies and counts repeated skips once', () => {
    const body = btoa(JSON.stringify({ ok: true, count: 3 }));
    const plan = planHarImport(
      har(
        entry('GET', 'https://x.test/status', { text: body, encoding: 'base64' }),
        entry('GET', 'https://x.test/style.css', { mimeType: 'text/css', text: 'a{}' }),
        entry('GET', 'https://x.test/style.css', { mimeType: 'text/css', text: 'a{}' }),
      ),
      { now: NOW },
    );
    expect(JSON.parse(plan.routes[0]?.responses[1]?.template ?? '')).toEqual({
      ok: true,
      count: 3,
    });
    expect(plan.skipped).toEqual([
      {
        operation: 'GET /style.css',
        reason: 'A static file (.css), not an API answer (2 entries)',
      },
    ]);
  });

  it('keeps at most a few distinct examples per status, and bounds the routes', () => {
    const entries = Array.from({ length: 10 }, (_, i) =>
      entry('GET', `https://x.test/things/${i}`, { body: { id: i } }),
    );
    const plan = planHarImport(har(...entries), { now: NOW });
    expect(plan.routes[0]?.responses).toHaveLength(1 + MAX_HAR_EXAMPLES);

    const many = Array.from({ length: 5 }, (_, i) =>
      entry('GET', `https://x.test/thing-${i}`, { body: { id: i } }),
    );
    const bounded = planHarImport(har(...many), { now: NOW, maxRoutes: 3 });
    expect(bounded.routes).toHaveLength(3);
    expect(bounded.skipped[0]?.reason).toBe('A project holds at most 3 routes');
  });

  it('is stored as an OpenAPI plan is: diffImport reports what it creates', () => {
    const plan = planHarImport(
      har(entry('GET', 'https://x.test/orders/12', { body: { id: 12, total: 9.5 } })),
      { now: NOW },
    );
    const diff = diffImport([], plan);
    expect(diff.report.created).toEqual(['GET /orders/{orderId}']);
    expect(diff.create[0]?.importKey).toBe('GET /orders/{}');
  });

  it('reads problem+json and PATCH, and refuses a base64 body that is not UTF-8', () => {
    const plan = planHarImport(
      har(
        entry('PATCH', 'https://x.test/users/3', {
          status: 422,
          mimeType: 'application/problem+json',
          body: { title: 'Invalid', status: 422 },
        }),
        entry('GET', 'https://x.test/blob', { text: '/w==', encoding: 'base64' }),
      ),
      { now: NOW },
    );
    expect(plan.routes[0]?.responses[0]).toMatchObject({
      name: 'unprocessable',
      status: 422,
      isDefault: true,
    });
    expect(plan.skipped[0]?.reason).toMatch(/^The answer is not JSON/);
  });
});

describe('planHarImport: dates', () => {
  it('judges dates as of the recording, so a file plans the same templates whenever imported', () => {
    const document = har(
      entry('GET', 'https://x.test/events/1', {
        body: {
          id: 1,
          startsAt: '2026-06-10T10:00:00.000Z',
          createdAt: '2025-12-01T10:00:00.000Z',
        },
      }),
    );
    // The entries were recorded at 2026-01-01 (entry's startedDateTime): the event is ahead.
    const recorded = planHarImport(document, { now: NOW });
    expect(planHarImport(document)).toEqual(recorded);
    expect(planHarImport(document, { now: Date.parse('2027-01-01T00:00:00Z') })).not.toEqual(
      recorded,
    );
  });
});

describe('isProjectImportUpload', () => {
  it('takes an OpenAPI file, or a .har whatever its content type', () => {
    expect(isProjectImportUpload('pets.yaml', '')).toBe(true);
    expect(isProjectImportUpload('Session.HAR', 'application/octet-stream')).toBe(true);
    expect(isProjectImportUpload('photo.png', 'image/png')).toBe(false);
  });
});
