import { describe, expect, it } from 'vitest';
import { cardTags, prettyTemplate, toSort } from './card.ts';

describe('gallery cards', () => {
  it('shows up to three tags and counts the rest', () => {
    expect(cardTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(cardTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('pretty-prints a JSON template and keeps any other text as it is', () => {
    expect(prettyTemplate('{"id":"uuid"}')).toBe('{\n  "id": "uuid"\n}');
    expect(prettyTemplate('{not json')).toBe('{not json');
  });

  it('reads a sort from the URL, popular by default', () => {
    expect(toSort('official')).toBe('official');
    expect(toSort('nonsense')).toBe('popular');
    expect(toSort(null)).toBe('popular');
  });
});
