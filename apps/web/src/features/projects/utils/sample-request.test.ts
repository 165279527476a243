import { describe, expect, it } from 'vitest';
import { liveUrl, preferExample, queryRecord, samplePath } from './sample-request.ts';

describe('samplePath', () => {
  it.each([
    ['/users', '/users'],
    ['/', '/'],
    ['/users/{id}', '/users/1'],
    ['/users/{id:integer}/orders/{orderId}', '/users/1/orders/1'],
    ['/flags/{on:boolean}', '/flags/true'],
    ['/prices/{amount:number}', '/prices/1'],
    ['/files/*', '/files/sample'],
    ['users//{id}', 'users//{id}'],
  ])('fills %s as %s', (template, path) => {
    expect(samplePath(template)).toBe(path);
  });
});

describe('liveUrl', () => {
  it('joins the base URL, the path and the query, with or without their slash and ?', () => {
    expect(liveUrl('https://m.test/p/shop', '/users/1', '')).toBe('https://m.test/p/shop/users/1');
    expect(liveUrl('https://m.test/p/shop/', 'users', '?page=2')).toBe(
      'https://m.test/p/shop/users?page=2',
    );
    expect(liveUrl('https://shop.m.test', '/', 'a=1&b=2')).toBe('https://shop.m.test/?a=1&b=2');
  });
});

describe('queryRecord', () => {
  it('gives one value per key, and a list for a repeated key', () => {
    expect(queryRecord('?page=2&tag=a&tag=b&tag=c&q=a%20b')).toEqual({
      page: '2',
      tag: ['a', 'b', 'c'],
      q: 'a b',
    });
    expect(queryRecord('')).toEqual({});
  });
});

describe('preferExample', () => {
  it('quotes a name that is not one token', () => {
    expect(preferExample('not-found')).toBe('example=not-found');
    expect(preferExample('not found')).toBe('example="not found"');
    expect(preferExample('say "hi"')).toBe('example="say \\"hi\\""');
  });
});
