/** The choose step over in-memory routes: no database, no HTTP. */
import { AppError } from '@mocksmith/core';
import { compileRules, type ResponseMatch, type RouteRule } from '@mocksmith/core/projects';
import { describe, expect, it } from 'vitest';
import type { Chosen } from './call.ts';
import { type ChoosableResponse, type ChoosableRoute, choose } from './choose.ts';

interface Response extends ChoosableResponse {
  when?: ResponseMatch | null;
}

const response = (
  name: string,
  status: number,
  isDefault = false,
  when: ResponseMatch | null = null,
): Response => ({ name, status, httpCode: status, isDefault, when });

function routeOf(
  responses: Response[],
  options: { rules?: RouteRule[]; mode?: 'default' | 'sequential'; overrides?: boolean } = {},
): ChoosableRoute<Response> {
  const main = responses.find((r) => r.isDefault) ?? (responses[0] as Response);
  const byDefault: Chosen<Response> = { response: main, status: main.httpCode, rule: null };
  return {
    id: 'route-1',
    responses,
    responseMode: options.mode ?? 'default',
    // As the host compiles a route: its rules, then its responses' header conditions.
    rules:
      options.rules || responses.some((one) => one.when)
        ? compileRules(options.rules ?? [], responses)
        : null,
    overrides: options.overrides ?? true,
    byDefault,
  };
}

const ok = response('ok', 200, true);
const missing = response('missing', 404);
const EMPTY = {} as const;

describe('choose', () => {
  it('answers a call that asks for nothing with the route default made ahead (no allocation)', () => {
    const route = routeOf([ok]);
    expect(choose(route, EMPTY, EMPTY, true, null, new Map())).toBe(route.byDefault);
  });

  it('gives the response Prefer: example=NAME names, as asked', () => {
    const chosen = choose(
      routeOf([ok, missing]),
      { prefer: 'example=missing' },
      EMPTY,
      true,
      null,
      new Map(),
    );
    expect(chosen).toMatchObject({
      response: missing,
      status: 404,
      asked: true,
      reason: 'example',
    });
  });

  it('refuses with 400 a response the route lacks, naming those it has', () => {
    try {
      choose(routeOf([ok, missing]), { prefer: 'example=gone' }, EMPTY, true, null, new Map());
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).message).toBe(
        'This route has no response named "gone" (Prefer: example=gone); its responses: ok (200), missing (404)',
      );
    }
  });

  it('answers a status no response has with the default, generic', () => {
    const chosen = choose(routeOf([ok]), EMPTY, { __status: '418' }, true, null, new Map());
    expect(chosen).toMatchObject({ response: ok, status: 418, generic: true, asked: true });
  });

  it('ignores the caller when overrides are off', () => {
    const route = routeOf([ok, missing]);
    const chosen = choose(
      route,
      { prefer: 'code=404' },
      { __status: '404' },
      false,
      null,
      new Map(),
    );
    expect(chosen).toMatchObject({ response: ok, status: 200, generic: false, reason: 'default' });
  });

  it('lets the first matching rule pick, its place and name kept', () => {
    const route = routeOf([ok, missing], {
      rules: [
        {
          name: 'unknown user',
          combine: 'all',
          conditions: [{ source: 'param', name: 'id', operator: 'equals', value: '0' }],
          response: 'missing',
        },
      ],
    });
    const request = () => ({ params: { id: '0' }, query: {}, headers: {}, body: null });
    const chosen = choose(route, EMPTY, EMPTY, true, request, new Map());
    expect(chosen).toMatchObject({
      response: missing,
      rule: 0,
      ruleName: 'unknown user',
      asked: false,
    });
  });

  it('picks by a header condition with the reason header, naming no rule', () => {
    const detail = response('detail', 200, true, { header: 'x-amz-target', equals: 'S.Detail' });
    const list = response('list', 200, false, { header: 'x-amz-target', equals: 'S.List' });
    const route = routeOf([detail, list]);
    const request = (target: string) => () => ({
      params: {},
      query: {},
      headers: { 'x-amz-target': target },
      body: null,
    });
    const headers = (target: string) => ({ 'x-amz-target': target });
    expect(
      choose(route, headers('S.List'), EMPTY, true, request('S.List'), new Map()),
    ).toMatchObject({ response: list, rule: null, ruleName: null, asked: false, reason: 'header' });
    // None matching: the route's default made ahead (its reason absent: the default).
    expect(choose(route, headers('S.Other'), EMPTY, true, request('S.Other'), new Map())).toBe(
      route.byDefault,
    );
  });

  it('answers a route of one response with a header condition by its default made ahead', () => {
    const only = response('only', 200, true, { header: 'x-amz-target', equals: 'S.Only' });
    const route = routeOf([only]);
    const headers = { 'x-amz-target': 'S.Only' };
    const request = () => ({ params: {}, query: {}, headers, body: null });
    expect(choose(route, headers, EMPTY, true, request, new Map())).toBe(route.byDefault);
  });

  it('rotates in turn, counting per route in the map given', () => {
    const route = routeOf([ok, missing], { mode: 'sequential' });
    const turns = new Map<string, number>();
    const names = [1, 2, 3].map(() => choose(route, EMPTY, EMPTY, true, null, turns).response.name);
    expect(names).toEqual(['ok', 'missing', 'ok']);
    expect(turns.get('route-1')).toBe(3);
  });
});
