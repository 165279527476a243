import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../json.ts';
import { applyListQuery, paginateBody, parseListQuery, sortBody } from './list-query.ts';

const people: JsonObject[] = [
  { name: 'émile', age: 30, joined: '2024-03-01', address: { city: 'Lyon' } },
  { name: 'Bob', age: 5, joined: '2023-12-31T23:00:00Z', address: { city: 'Austin' } },
  { name: 'alice', age: 30, address: { city: 'Zagreb' } },
  { name: 'Chloé', age: 100, joined: '2024-01-15', address: {} },
];

function apply(body: JsonValue, query: Record<string, string | string[]>, path?: string) {
  const result = applyListQuery(body, query, path);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const names = (body: JsonValue) => (body as { name: string }[]).map((p) => p.name);

describe('sorting', () => {
  it('sorts numbers numerically, ascending by default', () => {
    const list = [{ n: 10 }, { n: 9 }, { n: 100 }, { n: -1 }];
    expect(apply(list, { sort: 'n' }).body).toEqual([{ n: -1 }, { n: 9 }, { n: 10 }, { n: 100 }]);
  });

  it('sorts strings with locale-aware comparison', () => {
    expect(names(apply(people, { sort: 'name' }).body)).toEqual(['alice', 'Bob', 'Chloé', 'émile']);
  });

  it('sorts ISO dates in time order, with missing values last in both directions', () => {
    expect(names(apply(people, { sort: 'joined' }).body)).toEqual([
      'Bob',
      'Chloé',
      'émile',
      'alice',
    ]);
    expect(names(apply(people, { sort: 'joined:desc' }).body)).toEqual([
      'émile',
      'Chloé',
      'Bob',
      'alice',
    ]);
  });

  it('follows dotted paths into nested objects', () => {
    expect(names(apply(people, { sort: 'address.city:desc' }).body)).toEqual([
      'alice',
      'émile',
      'Bob',
      'Chloé',
    ]);
  });

  it('is stable: equal keys keep their generated order', () => {
    expect(names(apply(people, { sort: 'age' }).body)).toEqual(['Bob', 'émile', 'alice', 'Chloé']);
    expect(names(apply(people, { sort: 'age:desc' }).body)).toEqual([
      'Chloé',
      'émile',
      'alice',
      'Bob',
    ]);
  });

  it('takes repeated sort keys in order, the first deciding first', () => {
    expect(names(apply(people, { sort: ['age:desc', 'name'] }).body)).toEqual([
      'Chloé',
      'alice',
      'émile',
      'Bob',
    ]);
    expect(names(apply(people, { sort: 'age:desc,name' }).body)).toEqual([
      'Chloé',
      'alice',
      'émile',
      'Bob',
    ]);
  });

  it('uses order as the default direction, and an explicit direction wins', () => {
    expect(names(apply(people, { sort: 'name', order: 'desc' }).body)).toEqual([
      'émile',
      'Chloé',
      'Bob',
      'alice',
    ]);
    expect(names(apply(people, { sort: ['age:asc', 'name'], order: 'desc' }).body)).toEqual([
      'Bob',
      'émile',
      'alice',
      'Chloé',
    ]);
  });

  it('sorts each array of objects directly under a root object, and leaves the rest alone', () => {
    const body = {
      total: 2,
      tags: ['b', 'a'],
      users: [{ id: 2 }, { id: 1 }],
      orders: [{ id: 9 }, { id: 3 }],
      meta: { list: [{ id: 2 }, { id: 1 }] },
    };
    expect(apply(body, { sort: 'id' }).body).toEqual({
      total: 2,
      tags: ['b', 'a'],
      users: [{ id: 1 }, { id: 2 }],
      orders: [{ id: 3 }, { id: 9 }],
      meta: { list: [{ id: 2 }, { id: 1 }] },
    });
  });

  it('never changes the body it was given', () => {
    const body = JSON.parse(JSON.stringify(people)) as JsonObject[];
    sortBody(body, [{ field: 'age', direction: 'desc' }]);
    paginateBody(body, 1, 1);
    expect(body).toEqual(people);
  });

  it('leaves the body unchanged without sort parameters', () => {
    expect(apply(people, {}).body).toBe(people);
  });
});

describe('bad list parameters', () => {
  it.each([
    [
      { sort: 'price:up' },
      'sort',
      'Invalid sort "price:up": use a field name, optionally followed by ":asc" or ":desc", such as sort=price:desc',
    ],
    [
      { sort: ':desc' },
      'sort',
      'Invalid sort ":desc": use a field name, optionally followed by ":asc" or ":desc", such as sort=price:desc',
    ],
    [
      { sort: 'a..b' },
      'sort',
      'Invalid sort "a..b": use a field name, optionally followed by ":asc" or ":desc", such as sort=price:desc',
    ],
    [{ order: 'down' }, 'order', 'Invalid order "down": use "asc" or "desc"'],
    [{ page: '0' }, 'page', 'Invalid page "0": use a whole number of 1 or more'],
    [{ page: 'two' }, 'page', 'Invalid page "two": use a whole number of 1 or more'],
    [{ page: '1.5' }, 'page', 'Invalid page "1.5": use a whole number of 1 or more'],
    [{ page: '-1' }, 'page', 'Invalid page "-1": use a whole number of 1 or more'],
    [{ limit: '0' }, 'limit', 'Invalid limit "0": use a whole number from 1 to 1000'],
    [{ limit: '1001' }, 'limit', 'Invalid limit "1001": use a whole number from 1 to 1000'],
    [{ limit: 'ten' }, 'limit', 'Invalid limit "ten": use a whole number from 1 to 1000'],
  ])('%j is refused with a message naming it', (query, parameter, message) => {
    const result = applyListQuery(people, query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ parameter, message });
  });

  it('accepts directions and order in any case', () => {
    expect(parseListQuery({ sort: 'a:DESC', order: 'Asc' })).toEqual({
      ok: true,
      value: { sort: [{ field: 'a', direction: 'desc' }] },
    });
  });
});

describe('pagination', () => {
  const list = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
  const ids = (body: JsonValue) => (body as { id: number }[]).map((x) => x.id);

  it('cuts the page after sorting and tells the total and the neighbouring pages', () => {
    const { body, headers } = apply(
      list,
      { sort: 'id:desc', page: '2', limit: '10', seed: '4' },
      '/api/abc',
    );
    expect(ids(body)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    expect(headers['X-Total-Count']).toBe('25');
    expect(headers.Link).toBe(
      [
        '</api/abc?sort=id%3Adesc&seed=4&page=1&limit=10>; rel="first"',
        '</api/abc?sort=id%3Adesc&seed=4&page=1&limit=10>; rel="prev"',
        '</api/abc?sort=id%3Adesc&seed=4&page=3&limit=10>; rel="next"',
        '</api/abc?sort=id%3Adesc&seed=4&page=3&limit=10>; rel="last"',
      ].join(', '),
    );
  });

  it('carries on sort, order and seed in the links, not the rest of the query, and leaves out a link too long to send', () => {
    const { headers } = apply(
      list,
      { page: '1', limit: '10', seed: '4', order: 'desc', sort: 'id', padding: 'x'.repeat(9000) },
      '/api/abc',
    );
    expect(headers.Link).toBe(
      [
        '</api/abc?seed=4&order=desc&sort=id&page=1&limit=10>; rel="first"',
        '</api/abc?seed=4&order=desc&sort=id&page=2&limit=10>; rel="next"',
        '</api/abc?seed=4&order=desc&sort=id&page=3&limit=10>; rel="last"',
      ].join(', '),
    );
    const sorts = Array.from({ length: 400 }, () => 'id');
    const long = apply(list, { page: '1', limit: '10', sort: sorts }, '/api/abc');
    expect(long.headers.Link).toBeUndefined();
    expect(long.headers['X-Total-Count']).toBe('25');
  });

  it('defaults to page 1 when only limit is given, and to 10 items when only page is', () => {
    expect(ids(apply(list, { limit: '3' }).body)).toEqual([1, 2, 3]);
    expect(ids(apply(list, { page: '3' }).body)).toEqual([21, 22, 23, 24, 25]);
  });

  it('gives an empty page past the end, still with the total', () => {
    const { body, headers } = apply(list, { page: '9', limit: '10' }, '/x');
    expect(body).toEqual([]);
    expect(headers['X-Total-Count']).toBe('25');
    expect(headers.Link).toBe(
      '</x?page=1&limit=10>; rel="first", </x?page=3&limit=10>; rel="prev", </x?page=3&limit=10>; rel="last"',
    );
  });

  it('pages the arrays of objects under a root object, counting the longest', () => {
    const body = { users: list.slice(0, 5), orders: list, title: 'x' };
    const page = apply(body, { page: '2', limit: '4' });
    expect(page.body).toEqual({ users: [{ id: 5 }], orders: list.slice(4, 8), title: 'x' });
    expect(page.headers).toEqual({ 'X-Total-Count': '25' });
  });

  it('sends no headers without page or limit', () => {
    expect(apply(list, { sort: 'id' }).headers).toEqual({});
  });
});
