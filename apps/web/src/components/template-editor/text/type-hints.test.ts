import { describe, expect, it } from 'vitest';
import { templateTypeHints } from './type-hints.ts';

const names = new Set(['string', 'uuid', 'string.name.fullname', 'number.money.price']);

describe('templateTypeHints', () => {
  it('suggests the closest type for misspelt names, nested values included, each once', () => {
    const text = JSON.stringify({
      id: 'uuid',
      name: 'string.name.fulname',
      again: 'string.name.fulname',
      orders: [{ __multiply: '1-2', total: 'number.money.prise' }],
    });
    expect(templateTypeHints(text, names)).toEqual(
      expect.arrayContaining([
        { value: 'string.name.fulname', suggestion: 'string.name.fullname' },
        { value: 'number.money.prise', suggestion: 'number.money.price' },
      ]),
    );
    expect(templateTypeHints(text, names)).toHaveLength(2);
  });

  it('says nothing for known types, literals, or text that is not JSON', () => {
    expect(templateTypeHints('{"a":"uuid","b":"Hello world","c":42}', names)).toEqual([]);
    expect(templateTypeHints('{"a":', names)).toEqual([]);
  });
});
