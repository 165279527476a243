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
