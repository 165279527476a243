import { sessionUserSchema } from '@mocksmith/core/auth';
import { describe, expect, it } from 'vitest';
import { parseStoredUser } from './parse-stored-user.ts';

const user = {
  userId: 'u1',
  email: 'ada@example.com',
  username: 'Ada',
  isGoogle: false,
  isBanned: false,
};

describe('parseStoredUser', () => {
  it('reads back a stored user', () => {
    expect(parseStoredUser(JSON.stringify(user))).toEqual(user);
  });

  it('counts missing, malformed or incomplete values as nobody', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('')).toBeNull();
    expect(parseStoredUser('{not json')).toBeNull();
    expect(parseStoredUser(JSON.stringify({ ...user, userId: undefined }))).toBeNull();
    expect(parseStoredUser('"user"')).toBeNull();
  });
});

describe('parseStoredUser against core’s schema', () => {
  const values: unknown[] = [
    user,
    { ...user, isAdmin: true, firstSignIn: false },
    { ...user, extra: 'dropped', isAdmin: undefined },
    { ...user, isAdmin: 'yes' },
    { ...user, firstSignIn: null },
    { ...user, isBanned: 0 },
    { ...user, email: 42 },
    [user],
    null,
    7,
  ];
  it.each(values.map((value) => [JSON.stringify(value)]))(
    'gives the schema’s verdict on %s',
    (text) => {
      const expected = sessionUserSchema.safeParse(JSON.parse(text));
      expect(parseStoredUser(text)).toEqual(expected.success ? expected.data : null);
    },
  );
});
