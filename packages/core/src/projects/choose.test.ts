import { describe, expect, it } from 'vitest';
import { type ChoiceRequest, type Choosable, chooseResponse, parsePrefer } from './choose.ts';
import { compileRules } from './rule-match.ts';
import type { CompiledRules, RouteRule } from './rules.ts';

const ok: Choosable = { name: 'ok', status: 200, isDefault: true };
const empty: Choosable = { name: 'empty list', status: 200, isDefault: false };
const missing: Choosable = { name: 'not-found', status: 404, isDefault: false };
const broken: Choosable = { name: 'boom', status: 500, isDefault: false };
const RESPONSES = [empty, ok, missing, broken];

/**
 * A call as the choice sees it: its Prefer header, and the route's rules (the owner's, then its
 * responses' header conditions, compiled as a route is for serving) matched against its headers.
 */
const request = (
  prefer?: string | string[],
  headers: Record<string, string> = {},
  rules?: CompiledRules,
): ChoiceRequest => ({
  prefer,
  ...(rules && {
    rule: () => {
      const matched = rules.match({ params: {}, query: {}, headers, body: null });
      return matched && { ...matched, name: matched.rule.name, response: matched.rule.response };
    },
  }),
});
const never = () => {
  throw new Error('no turn expected');
};

describe('parsePrefer', () => {
  it.each([
    ['example=ok', { example: 'ok' }],
    ['code=404', { code: '404' }],
    ['code=404, example=ok', { code: '404', example: 'ok' }],
    ['example="empty list"', { example: 'empty list' }],
    ['example="a, b"; x=1, code=500', { example: 'a, b', code: '500' }],
    ['Example=ok', { example: 'ok' }],
    ['respond-async, wait=100', { 'respond-async': '', wait: '100' }],
    ['example=first, example=second', { example: 'first' }],
    ['', {}],
  ])('%s', (header, expected) => {
    expect(parsePrefer(header)).toEqual(expected);
  });

  it('reads several headers as one list', () => {
    expect(parsePrefer(['code=404', 'example=ok'])).toEqual({ code: '404', example: 'ok' });
  });
});

describe('chooseResponse', () => {
  it('answers the default when nothing asks for another', () => {
    expect(chooseResponse(RESPONSES, 'default', request(), never)).toEqual({
      ok: true,
      response: ok,
      reason: 'default',
    });
  });

  it('answers the first when none is marked default', () => {
    const unmarked = [{ ...empty }, { ...missing }];
    expect(chooseResponse(unmarked, 'default', request(), never)).toMatchObject({
      response: unmarked[0],
    });
  });

  it('answers the response a Prefer header names, by name or by status', () => {
    expect(chooseResponse(RESPONSES, 'default', request('example=not-found'), never)).toMatchObject(
      {
        response: missing,
        reason: 'example',
      },
    );
    expect(
      chooseResponse(RESPONSES, 'default', request('example="empty list"'), never),
    ).toMatchObject({
      response: empty,
    });
    expect(chooseResponse(RESPONSES, 'default', request('code=500'), never)).toMatchObject({
      response: broken,
      reason: 'code',
    });
    // The default first among those of that status.
    expect(chooseResponse(RESPONSES, 'default', request('code=200'), never)).toMatchObject({
      response: ok,
    });
  });

  it('says so, naming the responses, when the one asked for is not there', () => {
    const named = chooseResponse(RESPONSES, 'default', request('example=nope'), never);
    expect(named).toEqual({
      ok: false,
      message:
        'This route has no response named "nope" (Prefer: example=nope); its responses: empty list (200), ok (200), not-found (404), boom (500)',
    });
    // A status the route has no response for: the default, answered with it (issue 30).
    expect(chooseResponse(RESPONSES, 'default', request('code=418'), never)).toMatchObject({
      ok: true,
      reason: 'code',
      status: 418,
    });
    expect(chooseResponse(RESPONSES, 'default', request('code=abc'), never)).toMatchObject({
      ok: false,
      message: expect.stringContaining('"abc" is not a status to answer with'),
    });
  });

  describe('a header condition, a rule of its own', () => {
    const detail = {
      name: 'GetDetail',
      status: 200,
      isDefault: true,
      when: { header: 'x-amz-target', equals: 'S.GetDetail' },
    };
    const list = {
      name: 'List',
      status: 200,
      isDefault: false,
      when: { header: 'x-amz-target', equals: 'S.List' },
    };
    const owners: RouteRule[] = [
      {
        name: 'dry run',
        combine: 'all',
        conditions: [{ source: 'header', name: 'x-dry-run', operator: 'exists' }],
        response: 'GetDetail',
      },
    ];

    it('answers the response whose header condition the request meets', () => {
      const rules = compileRules([], [detail, list]);
      const target = (value: string) => request(undefined, { 'x-amz-target': value }, rules);
      expect(chooseResponse([detail, list], 'default', target('S.List'), never)).toMatchObject({
        response: list,
        reason: 'header',
      });
      expect(chooseResponse([detail, list], 'default', target('S.Other'), never)).toMatchObject({
        response: detail,
        reason: 'default',
      });
    });

    it('names and numbers no rule for it, and lets the owner’s rules come first', () => {
      const rules = compileRules(owners, [detail, list]);
      const call = (headers: Record<string, string>) =>
        chooseResponse([detail, list], 'default', request(undefined, headers, rules), never);
      // Only the header condition holds: the answer says `header`, and no rule.
      expect(call({ 'x-amz-target': 'S.List' })).toEqual({
        ok: true,
        response: list,
        reason: 'header',
      });
      // The owner's rule holds too, and wins, keeping its place and name.
      expect(call({ 'x-amz-target': 'S.List', 'x-dry-run': '1' })).toEqual({
        ok: true,
        response: detail,
        reason: 'rule',
        rule: 0,
        ruleName: 'dry run',
      });
    });

    it('comes after the caller’s overrides, and before the rotation', () => {
      const rules = compileRules([], [detail, list]);
      const asked = request('example=GetDetail', { 'x-amz-target': 'S.List' }, rules);
      expect(chooseResponse([detail, list], 'sequential', asked, never)).toMatchObject({
        response: detail,
        reason: 'example',
      });
      const listed = request(undefined, { 'x-amz-target': 'S.List' }, rules);
      expect(chooseResponse([detail, list], 'sequential', listed, never)).toMatchObject({
        response: list,
        reason: 'header',
      });
    });
  });

  it('rotates in order, or at random, when the route asks for it', () => {
    let calls = 0;
    const turn = () => calls++;
    const names = Array.from({ length: 6 }, () => {
      const choice = chooseResponse(RESPONSES, 'sequential', request(), turn);
      return choice.ok ? choice.response.name : '';
    });
    expect(names).toEqual(['empty list', 'ok', 'not-found', 'boom', 'empty list', 'ok']);
    expect(chooseResponse(RESPONSES, 'random', request(), never, () => 0.99)).toMatchObject({
      response: broken,
      reason: 'random',
    });
    // A Prefer header still wins over the rotation.
    expect(chooseResponse(RESPONSES, 'sequential', request('example=ok'), never)).toMatchObject({
      response: ok,
    });
  });

  it('never rotates a route of one response', () => {
    expect(chooseResponse([ok], 'sequential', request(), never)).toMatchObject({
      reason: 'default',
    });
  });
});

describe('chooseResponse: overrides and rules (issue 30)', () => {
  const ask = (extra: Partial<Parameters<typeof chooseResponse>[2]>) => ({
    ...request(),
    ...extra,
  });

  it('reads ?__status like Prefer: code, Prefer first', () => {
    expect(chooseResponse(RESPONSES, 'default', ask({ status: '404' }), never)).toMatchObject({
      response: missing,
      reason: 'code',
    });
    expect(
      chooseResponse(RESPONSES, 'default', ask({ status: '404', prefer: 'code=500' }), never),
    ).toMatchObject({ response: broken, reason: 'code' });
    expect(chooseResponse(RESPONSES, 'default', ask({ status: '503' }), never)).toEqual({
      ok: true,
      response: ok,
      reason: 'code',
      status: 503,
    });
  });

  it('ignores every override when the owner turned them off, rules still apply', () => {
    const off = ask({
      overrides: false,
      prefer: 'example=boom, code=404',
      status: '500',
      rule: () => ({ index: 2, response: 'not-found' }),
    });
    expect(chooseResponse(RESPONSES, 'default', off, never)).toEqual({
      ok: true,
      response: missing,
      reason: 'rule',
      rule: 2,
    });
    expect(
      chooseResponse(RESPONSES, 'default', ask({ overrides: false, prefer: 'example=x' }), never),
    ).toMatchObject({ ok: true, response: ok, reason: 'default' });
  });

  it('puts the caller before the rules, and the rules before header conditions and rotation', () => {
    const rule = () => ({ index: 0, response: 'boom' });
    expect(
      chooseResponse(RESPONSES, 'sequential', ask({ rule, prefer: 'example=ok' }), never),
    ).toMatchObject({ response: ok, reason: 'example' });
    expect(chooseResponse(RESPONSES, 'sequential', ask({ rule }), never)).toMatchObject({
      response: broken,
      reason: 'rule',
      rule: 0,
    });
    // No rule matched: the rotation goes on.
    expect(
      chooseResponse(RESPONSES, 'sequential', ask({ rule: () => null }), () => 2),
    ).toMatchObject({ response: missing, reason: 'sequential' });
  });

  it('passes stored examples by for Prefer: dynamic=true', () => {
    const example = { ...ok, isExample: true };
    const generated: Choosable = { name: 'generated', status: 200, isDefault: false };
    expect(
      chooseResponse([example, generated], 'default', ask({ prefer: 'dynamic=true' }), never),
    ).toMatchObject({ response: generated, reason: 'dynamic' });
    // Nothing generated at the default's status: the default as it is.
    expect(
      chooseResponse([example, missing], 'default', ask({ prefer: 'dynamic=true' }), never),
    ).toMatchObject({ response: example, reason: 'default' });
  });
});
