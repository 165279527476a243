import { AppError, ErrorCode } from '@mocksmith/core';
import type { CollectionDefinition } from '@mocksmith/core/collections';
import { describe, expect, it } from 'vitest';
import { checkedId, pathId, withoutId } from './ids.ts';
import { sessionOf } from './session-name.ts';

const users = { name: 'users' } as CollectionDefinition;
const uuid = '0b7e5f0a-5a3c-4c36-9f1e-2a1d3b4c5d6e';

const thrown = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('nothing thrown');
};

describe('a record’s id', () => {
  it('reads a path’s id as the collection’s ids are', () => {
    expect(pathId(users, 'int', '12')).toBe(12);
    expect(pathId(users, 'uuid', uuid)).toBe(uuid);
  });

  it('answers 404 to a path that cannot name a record, saying what its ids look like', () => {
    for (const [kind, raw] of [
      ['int', 'abc'],
      ['int', '012'],
      ['int', '1234567890123456'],
      ['uuid', '12'],
    ] as const) {
      const error = thrown(() => pathId(users, kind, raw));
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe(ErrorCode.RECORD_NOT_FOUND);
      expect(error.statusCode).toBe(404);
    }
    expect(thrown(() => pathId(users, 'int', 'abc')).message).toBe(
      'users has no record with the id "abc": its ids are whole numbers (1, 2, 3...)',
    );
  });

  it('answers 400 to a body’s id that cannot be one', () => {
    expect(checkedId(users, 'int', 7)).toBe(7);
    expect(checkedId(users, 'uuid', uuid)).toBe(uuid);
    for (const [kind, given] of [
      ['int', 0],
      ['int', 1.5],
      ['int', '7'],
      ['uuid', 'nope'],
    ] as const) {
      const error = thrown(() => checkedId(users, kind, given));
      expect(error.code).toBe(ErrorCode.INVALID_ID);
      expect(error.statusCode).toBe(400);
    }
  });

  it('makes the host’s error when given its maker', () => {
    const error = thrown(() =>
      pathId(users, 'int', 'x', (code, message) => new TypeError(`${code} ${message}`)),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/^RECORD_NOT_FOUND users has no record/);
  });

  it('takes the id off a body, and leaves a body without one as it is', () => {
    expect(withoutId({ id: 1, name: 'a' })).toEqual({ name: 'a' });
    const bare = { name: 'a' };
    expect(withoutId(bare)).toBe(bare);
  });
});

describe('the session a call names', () => {
  it('takes the header, else ?__session, else the shared state', () => {
    expect(sessionOf('alice', { __session: 'bob' })).toBe('alice');
    expect(sessionOf(['alice', 'carol'], {})).toBe('alice');
    expect(sessionOf(undefined, { __session: 'bob' })).toBe('bob');
    expect(sessionOf(undefined, { __session: ['bob', 'x'] })).toBe('bob');
    expect(sessionOf(undefined, {})).toBe('');
    expect(sessionOf('', {})).toBe('');
  });

  it('refuses a name that cannot be a session’s', () => {
    const error = thrown(() => sessionOf('a b/c', {}));
    expect(error.code).toBe(ErrorCode.INVALID_SESSION);
    expect(error.message).toMatch(/"a b\/c" is not$/);
  });
});
