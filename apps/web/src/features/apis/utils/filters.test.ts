import { describe, expect, it } from 'vitest';
import type { Api } from '../types.ts';
import { filterApis, formatCreateDate, hasFilters, NO_FILTERS, searchByName } from './filters.ts';

function api(overrides: Partial<Api>): Api {
  return {
    id: 'id',
    requestId: 'abc123',
    name: 'Users',
    description: null,
    template: '{}',
    method: 'GET',
    customEndpoint: null,
    delay: 0,
    status: 200,
    authToken: null,
    headers: [],
    isPublic: false,
    category: null,
    tags: [],
    createdAt: new Date(2026, 10, 10, 12).toISOString(),
    callCount: 0,
    url: 'http://localhost/backend/apitemplate/get/abc123',
    ...overrides,
  };
}

const users = api({ id: '1', name: 'Users', description: 'People of the shop' });
const orders = api({
  id: '2',
  name: 'Orders',
  requestId: 'zz9orders',
  method: 'POST',
  createdAt: new Date(2026, 10, 12, 23, 30).toISOString(),
});
const all = [users, orders];

describe('filterApis', () => {
  it('searches the name, the description and the request id, ignoring case', () => {
    const ids = (search: string) => filterApis(all, { ...NO_FILTERS, search }).map((t) => t.id);
    expect(ids('ORDERS')).toEqual(['2']);
    expect(ids('shop')).toEqual(['1']);
    expect(ids('ZZ9')).toEqual(['2']);
    expect(ids('  ')).toEqual(['1', '2']);
    expect(ids('nothing')).toEqual([]);
  });

  it('keeps the chosen methods, and every method when none is chosen', () => {
    expect(filterApis(all, { ...NO_FILTERS, methods: ['POST'] })).toEqual([orders]);
    expect(filterApis(all, { ...NO_FILTERS, methods: ['GET', 'POST'] })).toEqual(all);
    expect(filterApis(all, { ...NO_FILTERS, methods: [] })).toEqual(all);
  });

  it('takes whole days for created after and created before', () => {
    const between = (createdAfter: string, createdBefore: string) =>
      filterApis(all, { ...NO_FILTERS, createdAfter, createdBefore }).map((t) => t.id);
    expect(between('2026-11-10', '')).toEqual(['1', '2']);
    expect(between('2026-11-11', '')).toEqual(['2']);
    expect(between('', '2026-11-12')).toEqual(['1', '2']);
    expect(between('', '2026-11-11')).toEqual(['1']);
    expect(between('2026-11-11', '2026-11-11')).toEqual([]);
    expect(between('not-a-date', '')).toEqual(['1', '2']);
  });
});

describe('hasFilters', () => {
  it('is false only when nothing is set', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, search: ' ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, methods: ['GET'] })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, createdBefore: '2026-01-01' })).toBe(true);
  });
});

describe('searchByName', () => {
  it('matches the name only', () => {
    expect(searchByName(all, 'ord')).toEqual([orders]);
    expect(searchByName(all, 'shop')).toEqual([]);
    expect(searchByName(all, '')).toEqual(all);
  });
});

describe('formatCreateDate', () => {
  it('shows day/month/year as in France', () => {
    expect(formatCreateDate(new Date(2026, 0, 5, 10).toISOString())).toBe('05/01/2026');
  });
});
