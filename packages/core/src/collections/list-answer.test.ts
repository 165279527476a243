import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.ts';
import type { JsonObject } from '../json.ts';
import {
  answerList,
  joinRelations,
  type ListRelation,
  MAX_JOINED_RECORDS,
  recordSize,
  recordsReadBy,
} from './list-answer.ts';

const users = (count: number): JsonObject[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `user ${index + 1}` }));

/** `count` orders, spread over `users` users in turn, each read of `userId` counted. */
function countedOrders(count: number, usersCount: number) {
  const reads = { userId: 0 };
  const records = Array.from({ length: count }, (_, index) => {
    const order: JsonObject = { id: index + 1, userId: (index % usersCount) + 1, total: index };
    return new Proxy(order, {
      get(target, key, receiver) {
        if (key === 'userId') reads.userId++;
        return Reflect.get(target, key, receiver);
      },
    });
  });
  return { records, reads };
}

const embed = (records: readonly JsonObject[]): ListRelation => ({
  kind: 'embed',
  name: 'orders',
  field: 'userId',
  ownField: 'id',
  records,
});

describe('joinRelations', () => {
  it('embeds by one pass over the target records, not one per record joined', () => {
    const { records: orders, reads } = countedOrders(1_000, 100);
    const joined = joinRelations(users(100), [embed(orders)], 0, 10_000_000);
    if (!joined.ok) throw new Error(joined.error.message);
    const first = joined.value[0]?.orders as JsonObject[];
    expect(first.map((order) => order.id)).toEqual([
      1, 101, 201, 301, 401, 501, 601, 701, 801, 901,
    ]);
    // Each order read once to index it and once to measure it: a filter per user reads 100,000.
    expect(reads.userId).toBe(2_000);
    // The next call over the same records reuses the index and the sizes.
    joinRelations(users(100), [embed(orders)], 0, 10_000_000);
    expect(reads.userId).toBe(2_000);
  });

  it('matches values as === does: a text id never embeds under a number', () => {
    const orders: JsonObject[] = [
      { id: 1, userId: 1 },
      { id: 2, userId: '1' },
      { id: 3, userId: { id: 1 } },
    ];
    const joined = joinRelations([{ id: 1 }, { id: '1' }], [embed(orders)], 0, 1_000_000);
    if (!joined.ok) throw new Error(joined.error.message);
    expect(joined.value.map((user) => (user.orders as JsonObject[]).map((o) => o.id))).toEqual([
      [1],
      [2],
    ]);
  });

  it('expands by the id as text, as the records are keyed', () => {
    const joined = joinRelations(
      [{ id: 9, userId: '2' }, { id: 10, userId: null }, { id: 11 }],
      [{ kind: 'expand', name: 'user', field: 'userId', records: users(3) }],
      0,
      1_000_000,
    );
    if (!joined.ok) throw new Error(joined.error.message);
    expect(joined.value.map((order) => order.user)).toEqual([
      { id: 2, name: 'user 2' },
      null,
      null,
    ]);
  });

  it(`refuses a call joining more than ${MAX_JOINED_RECORDS} records, naming the bound`, () => {
    const { records: orders } = countedOrders(6_000, 1);
    const joined = joinRelations(
      [{ id: 1 }],
      [embed(orders), { ...embed(orders), name: 'again' }],
      0,
      100_000_000,
    );
    expect(joined).toEqual({
      ok: false,
      error: {
        code: ErrorCode.LIST_TOO_LARGE,
        message:
          'A call joins at most 10,000 records through _expand and _embed; this one joins more: ask for a smaller page (_page and _limit, or page and limit), or embed less',
      },
    });
  });
});

describe('answerList', () => {
  it('answers the page with its headers, joined, as JSON', () => {
    const orders: JsonObject[] = [
      { id: 1, userId: 2 },
      { id: 2, userId: 2 },
    ];
    const answer = answerList(
      users(3),
      { _page: '1', _limit: '2', _embed: 'orders' },
      {
        pageUrl: 'http://mocks.test/p/shop/users',
        relations: [embed(orders)],
        maxBytes: 1_000_000,
      },
    );
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.headers['X-Total-Count']).toBe('3');
    expect(JSON.parse(answer.value.payload)).toEqual([
      { id: 1, name: 'user 1', orders: [] },
      { id: 2, name: 'user 2', orders },
    ]);
  });

  it('refuses an answer past its bytes before serialising it', () => {
    const records = users(100);
    const bytes = 2 + records.reduce((sum, record) => sum + recordSize(record) + 1, 0);
    expect(answerList(records, {}, { pageUrl: '', relations: [], maxBytes: bytes - 1 })).toEqual({
      ok: false,
      error: {
        code: ErrorCode.LIST_TOO_LARGE,
        message: `The answer is over ${bytes} bytes, past the ${bytes - 1} bytes an answer may hold: ask for a page of it (_page and _limit, or page and limit), or expand and embed less`,
      },
    });
  });
});

describe('recordsReadBy', () => {
  it.each([
    [{ _page: '3', _limit: '20' }, 20],
    [{ page: '2', limit: '50', __session: 'ci' }, 50],
    [{ _start: '9990', _end: '10010' }, 10],
    [{}, 10_000],
    [{ _page: '1', _sort: 'name' }, 10_000],
    [{ _limit: '10', q: 'ada' }, 10_000],
    [{ _limit: '10', name_like: 'a' }, 10_000],
    [{ _limit: '0' }, 0],
  ])('%j reads %i of 10,000 records', (query, read) => {
    expect(recordsReadBy(10_000, query, [])).toBe(read);
  });

  it('reads every record of a collection it embeds or expands', () => {
    expect(recordsReadBy(10_000, { _limit: '10' }, [embed(users(5_000))])).toBe(5_010);
  });
});
