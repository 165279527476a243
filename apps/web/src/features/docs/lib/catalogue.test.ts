import { DEMO_TYPE_NAMES, dataTypeCategories, describeCatalogue } from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  EXAMPLE_PREVIEW_LENGTH,
  examplePreview,
  filterTypes,
  groupTypes,
  hasCategoryLabel,
  isDemoType,
} from './catalogue.ts';

// What GET /backend/types sends: the server answers describeCatalogue() as it is.
const types = describeCatalogue();

describe('groupTypes', () => {
  it('puts every type of the catalogue in its category, groups in the catalogue order', () => {
    const groups = groupTypes(types);
    expect(groups.map((g) => g.category)).toEqual(dataTypeCategories);
    expect(groups.flatMap((g) => g.types)).toHaveLength(types.length);
    for (const group of groups) {
      expect(group.types.every((t) => t.category === group.category)).toBe(true);
    }
    expect(groups[0]?.label).toBe('Basic types');
  });

  it('leaves out the groups a search emptied', () => {
    const groups = groupTypes(filterTypes(types, 'gmail'));
    expect(groups.map((g) => g.category)).toEqual(['basic', 'mail']);
  });
});

describe('categoryLabel', () => {
  it('names every category of the catalogue', () => {
    for (const category of dataTypeCategories)
      expect(hasCategoryLabel(category), category).toBe(true);
  });

  it('falls back to the id, capitalised, for a category it does not know', () => {
    expect(categoryLabel('vehicles')).toBe('Vehicles');
  });
});

describe('filterTypes', () => {
  it('shows every type for an empty query, beyond the pickers’ 100', () => {
    expect(filterTypes(types, '')).toHaveLength(types.length);
    expect(filterTypes(types, '   ')).toHaveLength(types.length);
    expect(types.length).toBeGreaterThan(100);
  });

  it('matches the name, case-insensitive', () => {
    const names = filterTypes(types, 'MONEY.PRICE').map((t) => t.name);
    expect(names).toEqual(['number.money.price']);
  });

  it('matches the example text, case-insensitive', () => {
    const mail = types.find((t) => t.name === 'string.mail.gmail');
    const example = String(mail?.example);
    const found = filterTypes(types, example.toUpperCase()).map((t) => t.name);
    expect(found).toContain('string.mail.gmail');
  });

  it('finds nothing for text in no name or example', () => {
    expect(filterTypes(types, 'zzzz-no-such-type')).toEqual([]);
  });
});

describe('isDemoType', () => {
  it('is true of the demo’s eight basic types only', () => {
    expect(types.filter((t) => isDemoType(t.name)).map((t) => t.name)).toEqual([
      ...DEMO_TYPE_NAMES,
    ]);
    expect(isDemoType('percentage')).toBe(false);
  });
});

describe('examplePreview', () => {
  it('keeps short examples and cuts long ones to the preview length', () => {
    expect(examplePreview('"Jane Doe"')).toBe('"Jane Doe"');
    const long = 'x'.repeat(500);
    expect(examplePreview(long)).toHaveLength(EXAMPLE_PREVIEW_LENGTH);
    expect(examplePreview(long).endsWith('…')).toBe(true);
  });
});
