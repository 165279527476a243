import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../limits.ts';
import { nestedJson } from '../testing/nested-json.ts';
import { type CallCapture, callOf, LOGGED_BODY_BYTES } from './capture.ts';
import { TOO_DEEP } from './mask.ts';

const capture = (overrides: Partial<CallCapture>): CallCapture =>
  ({
    projectId: 'p1',
    at: Date.UTC(2026, 10, 27, 4, 0, 0),
    method: 'POST',
    url: '/p/shop/users/42?page=2&token=abcdefgh',
    pathAt: 7,
    route: 'POST /users/{id}',
    headers: { 'content-type': 'application/json' },
    json: undefined,
    raw: null,
    rawCut: false,
    status: 201,
    response: 'created',
    rule: 2,
    latencyMs: 3.14567,
    delayMs: 0,
    fault: null,
    session: 'ci',
    client: 'hash',
    stored: true,
    ...overrides,
  }) as CallCapture;

/** ASCII text as bytes. */
const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('callOf', () => {
  it('cuts the path and the query out of the URL after the base, and dates the call', () => {
    const call = callOf(capture({}));
    expect(call).toMatchObject({
      projectId: 'p1',
      path: '/users/42',
      query: 'page=2&token=abcdefgh',
      at: new Date(Date.UTC(2026, 10, 27, 4, 0, 0)),
      latencyMs: 3.15,
      rule: 2,
      response: 'created',
      session: 'ci',
    });
  });

  it('names the root path / when the URL stops at the base, with or without a query', () => {
    expect(callOf(capture({ url: '/p/shop', pathAt: 7 })).path).toBe('/');
    const queried = callOf(capture({ url: '/p/shop?x=1', pathAt: 7 }));
    expect([queried.path, queried.query]).toEqual(['/', 'x=1']);
  });

  it('keeps a stand-alone API as its owner', () => {
    const call = callOf(capture({ projectId: null, apiId: 'a1' } as Partial<CallCapture>));
    expect([call.projectId, call.apiId]).toEqual([null, 'a1']);
  });

  it('masks a parsed JSON body by field name and serialises it', () => {
    const call = callOf(capture({ json: { name: 'Ada', password: 'correct-horse' } }));
    expect(JSON.parse(call.body as string)).toEqual({ name: 'Ada', password: '••••orse' });
    expect(call.bodyTruncated).toBe(false);
  });

  it('keeps the first 16 KiB of a raw body, marked as cut, across chunks', () => {
    const call = callOf(
      capture({ raw: [bytes('a'.repeat(10_000)), bytes('b'.repeat(10_000))], json: undefined }),
    );
    expect(call.body).toHaveLength(LOGGED_BODY_BYTES);
    expect(call.body?.endsWith('b')).toBe(true);
    expect(call.bodyTruncated).toBe(true);
  });

  it('marks a raw body cut when the capture says more arrived than it holds', () => {
    const call = callOf(capture({ raw: [bytes('token=abcdefgh')], rawCut: true }));
    expect(call.bodyTruncated).toBe(true);
    expect(call.body).not.toContain('abcdefgh');
  });

  it('has no body when none was sent', () => {
    const call = callOf(capture({ raw: [], json: undefined }));
    expect([call.body, call.bodyTruncated]).toEqual([null, false]);
  });

  it('serialises a parsed body of any depth, cut past MAX_JSON_DEPTH levels', () => {
    // 4,500 levels: JSON.stringify overflows the stack on it (the log's flush took the process down).
    const call = callOf(capture({ json: JSON.parse(nestedJson(4_500)) }));
    const kept = JSON.parse(call.body as string);
    let level = kept;
    for (let depth = 1; depth < MAX_JSON_DEPTH; depth++) level = level[1];
    expect(level).toEqual(['[{"', TOO_DEEP]);
    expect(call.bodyTruncated).toBe(false);
  });

  it('keeps a raw body nested too deep to walk as it was sent', () => {
    const text = nestedJson(4_500);
    const call = callOf(capture({ raw: [bytes(text)], json: undefined }));
    expect(call.body).toBe(text.slice(0, LOGGED_BODY_BYTES));
  });

  it("leaves the app's own cookies out of the headers, and the caller's others in", () => {
    const headers = {
      cookie: 'theme=dark; mocksmith.session_token=abc.def; __Secure-mocksmith.device=xyz',
      accept: 'application/json',
    };
    expect(callOf(capture({ headers })).headers).toEqual({
      cookie: 'theme=dark',
      accept: 'application/json',
    });
    const only = callOf(capture({ headers: { cookie: 'mocksmith.session_token=abc.def' } }));
    expect(only.headers).toEqual({});
  });
});
