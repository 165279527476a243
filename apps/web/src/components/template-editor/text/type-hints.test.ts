import { describe, expect, it } from 'vitest';
import { applyTypeHint, templateTypeHints } from './type-hints.ts';

const names = new Set([
  'string',
  'uuid',
  'string.name.fullname',
  'number.money.price',
  'number.product.price',
  'number.product.rating',
]);

describe('templateTypeHints', () => {
  it('names the closest types of misspelt names, nested values included, each once', () => {
    const text = JSON.stringify({
      id: 'uuid',
      name: 'string.name.fulname',
      again: 'string.name.fulname',
      orders: [{ __multiply: '1-2', total: 'number.money.prise', stars: 'number.product.rate' }],
    });
    expect(templateTypeHints(text, names)).toEqual([
      { path: '$.name', value: 'string.name.fulname', suggestions: ['string.name.fullname'] },
      {
        path: '$.orders[0].total',
        value: 'number.money.prise',
        suggestions: ['number.money.price'],
      },
      {
        path: '$.orders[0].stars',
        value: 'number.product.rate',
        suggestions: ['number.product.price', 'number.product.rating'],
      },
    ]);
  });

  it('says nothing for known types, literals, text that is not JSON, or before the catalogue', () => {
    expect(templateTypeHints('{"a":"uuid","b":"Hello world","c":42}', names)).toEqual([]);
    expect(templateTypeHints('{"a":', names)).toEqual([]);
    expect(templateTypeHints('{"a":"string.name.fulname"}', new Set())).toEqual([]);
  });
});

describe('applyTypeHint', () => {
  it('replaces every such value with the name chosen, and nothing else', () => {
    const text = '{"name": "string.name.fulname", "alias": "string.name.fulname", "n": "x"}';
    expect(applyTypeHint(text, 'string.name.fulname', 'string.name.fullname')).toBe(
      '{"name": "string.name.fullname", "alias": "string.name.fullname", "n": "x"}',
    );
  });
});
