import { type AppError, ErrorCode } from '@mocksmith/core';
import type { CollectionCall, CollectionDefinition } from '@mocksmith/core/collections';
import { describe, expect, it } from 'vitest';
import { checkedWrite } from './body.ts';
import {
  changeOf,
  ROW_COST,
  removal,
  replacement,
  stateAfterWrite,
  usageRefusal,
} from './changes.ts';
import { refusal } from './refusal.ts';

const state = { version: 3, nextId: 6, count: 5, bytes: 100, anonymousBytes: 40, changed: 2 };
const bounds = { maxOwnerBytes: 1_000, maxAnonymousBytes: 300 };

describe('what a write costs', () => {
  it('charges a new row its JSON and its row, to whoever wrote it', () => {
    expect(changeOf(undefined, 50 + ROW_COST, true)).toEqual({
      delta: 50 + ROW_COST,
      anonymousDelta: 50 + ROW_COST,
    });
    expect(changeOf(undefined, 50 + ROW_COST, false)).toEqual({
      delta: 50 + ROW_COST,
      anonymousDelta: 0,
    });
  });

  it('moves a row an anonymous call wrote to the owner when the owner writes it again', () => {
    const row = { data: { id: 1 }, bytes: 30, anonymous: true };
    expect(changeOf(row, 40 + ROW_COST, false)).toEqual({
      delta: 10,
      anonymousDelta: -(30 + ROW_COST),
    });
  });

  it('keeps a row (and its cost) for a deleted seeded record, none for an added one', () => {
    expect(removal(undefined, true, false)).toEqual({
      change: { delta: ROW_COST, anonymousDelta: 0 },
      changed: 1,
    });
    const added = { data: { id: 9 }, bytes: 20, anonymous: true };
    expect(removal(added, false, true)).toEqual({
      change: { delta: -(20 + ROW_COST), anonymousDelta: -(20 + ROW_COST) },
      changed: -1,
    });
  });

  it('refuses growth past the account’s bytes or the anonymous share, never a shrink', () => {
    const over = usageRefusal(
      { bytes: 1_001, anonymousBytes: 0 },
      { delta: 5, anonymousDelta: 0 },
      bounds,
      refusal,
    );
    expect((over as AppError).code).toBe(ErrorCode.STATE_LIMIT_REACHED);
    const anonymous = usageRefusal(
      { bytes: 500, anonymousBytes: 301 },
      { delta: 5, anonymousDelta: 5 },
      bounds,
      refusal,
    );
    expect(anonymous?.message).toMatch(
      /^Calls without a token hold 300 bytes .*\(30% of its 1000\)/,
    );
    expect(
      usageRefusal(
        { bytes: 2_000, anonymousBytes: 900 },
        { delta: -5, anonymousDelta: -5 },
        bounds,
        refusal,
      ),
    ).toBeNull();
  });
});

describe('the record and figures a write makes', () => {
  it('replaces with a PUT and merges with a PATCH, keeping the path’s id', () => {
    const current = { id: 4, name: 'a', age: 3 };
    expect(replacement('PUT', 4, current, { id: 4, name: 'b' })).toEqual({ id: 4, name: 'b' });
    expect(replacement('PATCH', 4, current, { name: 'b' })).toEqual({ id: 4, name: 'b', age: 3 });
  });

  it('counts an added record and moves the next id past it', () => {
    const change = { delta: 10, anonymousDelta: 0 };
    expect(stateAfterWrite(state, change, { added: { id: 9 }, newRow: true })).toEqual({
      nextId: 10,
      count: 6,
      bytes: 110,
      anonymousBytes: 40,
      changed: 3,
    });
    expect(stateAfterWrite(state, change, { added: { id: 'a-uuid' }, newRow: true }).nextId).toBe(
      6,
    );
    expect(stateAfterWrite(state, change, { added: null, newRow: false })).toMatchObject({
      nextId: 6,
      count: 5,
      changed: 2,
    });
  });
});

describe('the body of a write', () => {
  const users: CollectionDefinition = {
    id: 'c1',
    name: 'users',
    path: '/users',
    template: { id: 'number', name: 'string' },
    count: 3,
    unknownFields: 'refuse',
    cascade: false,
    seedVersion: 0,
    version: 1,
  };
  const call = (method: string, body: unknown, bodyProblem: CollectionCall['bodyProblem'] = null) =>
    ({ collection: users, method, body, bodyProblem, contentType: 'text/plain' }) as CollectionCall;
  const codeOf = (work: () => unknown) => {
    try {
      work();
      return 'accepted';
    } catch (error) {
      return (error as AppError).code;
    }
  };

  it('refuses what could not be read, each with its code', () => {
    expect(codeOf(() => checkedWrite(call('POST', null, 'not-json'), 'POST', 'int', null))).toBe(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    );
    expect(codeOf(() => checkedWrite(call('POST', null, 'too-large'), 'POST', 'int', null))).toBe(
      ErrorCode.BODY_TOO_LARGE,
    );
    expect(codeOf(() => checkedWrite(call('POST', null, 'too-deep'), 'POST', 'int', null))).toBe(
      ErrorCode.BODY_TOO_DEEP,
    );
    expect(
      codeOf(() => checkedWrite(call('POST', null, 'invalid-json'), 'POST', 'int', null)),
    ).toBe(ErrorCode.INVALID_BODY);
  });

  it('checks the id before the record, and a PUT keeps the path’s', () => {
    expect(
      codeOf(() => checkedWrite(call('POST', { id: 'x', name: 5 }), 'POST', 'int', null)),
    ).toBe(ErrorCode.INVALID_ID);
    expect(codeOf(() => checkedWrite(call('PUT', { id: 2, name: 'a' }), 'PUT', 'int', 3))).toBe(
      ErrorCode.INVALID_ID,
    );
    expect(codeOf(() => checkedWrite(call('PUT', { id: 3, name: 'a' }), 'PUT', 'int', 3))).toBe(
      'accepted',
    );
    expect(codeOf(() => checkedWrite(call('POST', { name: 5 }), 'POST', 'int', null))).toBe(
      ErrorCode.RECORD_INVALID,
    );
    expect(codeOf(() => checkedWrite(call('PATCH', { name: 'b' }), 'PATCH', 'int', 3))).toBe(
      'accepted',
    );
  });
});
