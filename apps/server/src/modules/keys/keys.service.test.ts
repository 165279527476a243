/**
 * The keys service over a fake repository: what a key is made of, what is stored of it, who a
 * key acts as, and how often its last use is written.
 */
import { authMessages, ErrorCode } from '@mocksmith/core';
import { apiKeyMessages, isApiKeyShaped, MAX_API_KEYS } from '@mocksmith/core/keys';
import { describe, expect, it } from 'vitest';
import type { ApiKeyRow, NewApiKeyRow } from '../../db/schema/api-keys.ts';
import type { KeyOwnerRow, KeysRepository } from './keys.repository.ts';
import { createKeysService, hashKey, LAST_USED_PRECISION_MS } from './keys.service.ts';

const ann = { id: 'user-ann', email: 'ann@example.test', name: 'Ann', isAdmin: true };

/** A repository in memory that records what it is asked to store and touch. */
function fakeRepository() {
  const rows: ApiKeyRow[] = [];
  const touched: string[] = [];
  const banned = new Set<string>();
  const repository: KeysRepository = {
    async listLive(userId) {
      return rows.filter((row) => row.userId === userId && !row.revokedAt);
    },
    async insertWithin(row: NewApiKeyRow, max) {
      const live = rows.filter((stored) => stored.userId === row.userId && !stored.revokedAt);
      if (live.length >= max) return null;
      const stored: ApiKeyRow = {
        id: `key-${rows.length + 1}`,
        createdAt: new Date('2026-01-02T03:04:05.000Z'),
        lastUsedAt: null,
        revokedAt: null,
        ...row,
      };
      rows.push(stored);
      return stored;
    },
    async revoke(userId, id) {
      const row = rows.find((stored) => stored.id === id && stored.userId === userId);
      if (!row || row.revokedAt) return false;
      row.revokedAt = new Date();
      return true;
    },
    async findLiveByHash(hash): Promise<KeyOwnerRow | null> {
      const row = rows.find((stored) => stored.hash === hash && !stored.revokedAt);
      if (!row) return null;
      return {
        keyId: row.id,
        userId: row.userId,
        email: ann.email,
        name: ann.name,
        banned: banned.has(row.userId),
      };
    },
    async touch(keyId) {
      touched.push(keyId);
    },
  };
  return { repository, rows, touched, banned };
}

describe('creating a key', () => {
  it('answers the key once and stores only its hash and first 12 characters', async () => {
    const { repository, rows } = fakeRepository();
    const service = createKeysService({ repository });
    const created = await service.create(ann, { name: 'CI' });

    expect(isApiKeyShaped(created.key)).toBe(true);
    expect(created).toEqual({
      id: 'key-1',
      name: 'CI',
      prefix: created.key.slice(0, 12),
      key: created.key,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(rows[0]?.hash).toBe(hashKey(created.key));
    expect(JSON.stringify(rows)).not.toContain(created.key);
    expect(await service.list(ann)).toEqual([
      {
        id: 'key-1',
        name: 'CI',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
      },
    ]);
  });

  it('makes a different key each time', async () => {
    const service = createKeysService({ repository: fakeRepository().repository });
    const keys = new Set<string>();
    for (let index = 0; index < 20; index++)
      keys.add((await service.create(ann, { name: 'k' })).key);
    expect(keys.size).toBe(20);
  });

  it(`refuses the key past ${MAX_API_KEYS} live ones (403), and makes it once one is revoked`, async () => {
    const service = createKeysService({ repository: fakeRepository().repository });
    const made = [];
    for (let index = 0; index < MAX_API_KEYS; index++)
      made.push(await service.create(ann, { name: `k${index}` }));
    await expect(service.create(ann, { name: 'one more' })).rejects.toMatchObject({
      statusCode: 403,
      code: ErrorCode.FORBIDDEN,
      message: apiKeyMessages.limitReached,
    });
    await service.revoke(ann, made[0]!.id);
    await expect(service.create(ann, { name: 'one more' })).resolves.toMatchObject({
      name: 'one more',
    });
  });
});

describe('revoking a key', () => {
  it('answers 404 for another user’s key and for one revoked already', async () => {
    const service = createKeysService({ repository: fakeRepository().repository });
    const { id } = await service.create(ann, { name: 'CI' });
    const notFound = {
      statusCode: 404,
      code: ErrorCode.NOT_FOUND,
      message: apiKeyMessages.notFound,
    };
    await expect(service.revoke({ ...ann, id: 'user-bob' }, id)).rejects.toMatchObject(notFound);
    await service.revoke(ann, id);
    await expect(service.revoke(ann, id)).rejects.toMatchObject(notFound);
  });
});

describe('signing in with a key', () => {
  it('acts as the owner, never as an administrator', async () => {
    const service = createKeysService({ repository: fakeRepository().repository });
    const { key } = await service.create(ann, { name: 'CI' });
    expect(await service.userOfKey(key)).toEqual({ ...ann, isAdmin: false });
  });

  it.each([
    ['a malformed key', 'mks_short'],
    ['an unknown key', `mks_${'A'.repeat(43)}`],
  ])('refuses %s with 401 naming the key', async (_case, key) => {
    const service = createKeysService({ repository: fakeRepository().repository });
    await expect(service.userOfKey(key)).rejects.toMatchObject({
      statusCode: 401,
      code: ErrorCode.UNAUTHENTICATED,
      message: apiKeyMessages.invalid,
    });
  });

  it('refuses a revoked key (401) and a banned owner’s (403, the suspended text)', async () => {
    const { repository, banned } = fakeRepository();
    const service = createKeysService({ repository });
    const revoked = await service.create(ann, { name: 'old' });
    await service.revoke(ann, revoked.id);
    await expect(service.userOfKey(revoked.key)).rejects.toMatchObject({ statusCode: 401 });

    const { key } = await service.create(ann, { name: 'CI' });
    banned.add(ann.id);
    await expect(service.userOfKey(key)).rejects.toMatchObject({
      statusCode: 403,
      code: ErrorCode.ACCOUNT_BANNED,
      message: authMessages.suspended,
    });
  });

  it('writes a key’s last use at most once a minute', async () => {
    const { repository, touched } = fakeRepository();
    let clock = 1_000_000;
    const service = createKeysService({ repository, now: () => clock });
    const first = await service.create(ann, { name: 'one' });
    const second = await service.create(ann, { name: 'two' });

    await service.userOfKey(first.key);
    await service.userOfKey(first.key);
    await service.userOfKey(second.key);
    expect(touched).toEqual([first.id, second.id]);

    clock += LAST_USED_PRECISION_MS - 1;
    await service.userOfKey(first.key);
    expect(touched).toEqual([first.id, second.id]);

    clock += 1;
    await service.userOfKey(first.key);
    expect(touched).toEqual([first.id, second.id, first.id]);
  });
});
