import { describe, expect, it } from 'vitest';
import { callOf } from '../testing/calls.ts';
import { type InspectorFilters, matchesFilters, NO_FILTERS, requestsQuery } from './filters.ts';

const filters = (change: Partial<InspectorFilters>): InspectorFilters => ({
  ...NO_FILTERS,
  ...change,
});

describe('requestsQuery', () => {
  it('asks the server for the method, the path, an exact status and the text', () => {
    expect(
      requestsQuery(
        filters({ method: 'POST', status: 'exact', code: '404', path: '/orders*', text: ' ada ' }),
        200,
      ).toString(),
    ).toBe('method=POST&status=404&path=%2Forders*&q=ada&limit=200');
  });

  it('asks no status for a class or a code that is not one, and status=0 for no answer', () => {
    expect(requestsQuery(filters({ status: '4xx' }), 100).toString()).toBe('limit=100');
    expect(requestsQuery(filters({ status: 'exact', code: '42' }), 100).toString()).toBe(
      'limit=100',
    );
    expect(requestsQuery(filters({ status: '0' }), 100).toString()).toBe('status=0&limit=100');
  });
});

describe('matchesFilters', () => {
  const call = callOf({
    method: 'POST',
    path: '/orders/7',
    query: 'expand=items',
    body: '{"sku":"ABC-1"}',
    status: 422,
    response: 'Invalid',
  });

  it.each([
    [{}, true],
    [{ method: 'POST' }, true],
    [{ method: 'GET' }, false],
    [{ status: '4xx' as const }, true],
    [{ status: '5xx' as const }, false],
    [{ status: 'exact' as const, code: '422' }, true],
    [{ status: 'exact' as const, code: '404' }, false],
    [{ status: '0' as const }, false],
    [{ path: '/orders/7' }, true],
    [{ path: '/orders' }, false],
    [{ path: '/orders*' }, true],
    [{ path: '/users*' }, false],
    [{ text: 'abc-1' }, true],
    [{ text: 'EXPAND' }, true],
    [{ text: 'invalid' }, true],
    [{ text: 'nothing' }, false],
  ])('%o: %s', (change, expected) => {
    expect(matchesFilters(call, filters(change))).toBe(expected);
  });
});
