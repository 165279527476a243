import { describe, expect, it } from 'vitest';
import { createRandom } from '../random.ts';
import { catalogue } from './catalogue.ts';
import { createContext } from './context.ts';
import { exampleText, misspeltTypes } from './info.ts';
import {
  basicDataTypes,
  DOTTED_TYPE_PATTERN,
  dataTypeCategories,
  describeCatalogue,
  getDataType,
  searchDataTypes,
  suggestDataType,
  suggestDataTypes,
} from './lookup.ts';

const kindOf = (value: unknown) =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;

function isJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === 'object') return Object.values(value).every(isJson);
  return false;
}

/** Every dotted name PRODUCT-SPEC.md section 3 lists, under the kind each one yields. */
const SPEC_NAMES = [
  'string.name.fullname',
  'string.name.firstname',
  'string.name.lastname',
  'string.address.street',
  'string.address.city',
  'string.address.full',
  'string.address.postcode',
  ...['random', 'gmail', 'aol', 'proton', 'yahoo', 'hotmail', 'icloud'].map(
    (n) => `string.mail.${n}`,
  ),
  'string.money.currency',
  'string.money.symbol',
  'number.money.price',
  'number.review.rating',
  'string.review.positive',
  'string.review.neutral',
  'string.review.negative',
  ...['name', 'capital', 'continent', 'region', 'currency', 'code', 'climate', 'terrain'].map(
    (n) => `string.country.${n}`,
  ),
  'array.country.languages',
  'array.country.resources',
  'number.country.area',
  'number.country.coastline',
  ...['name', 'venue', 'type', 'date', 'time', 'duration', 'city', 'country', 'currency'].map(
    (n) => `string.event.${n}`,
  ),
  'string.event.organizer',
  'string.event.contact',
  'number.event.capacity',
  'number.event.price',
  'boolean.event.available',
  ...['hex', 'rgb', 'name', 'hsl'].map((n) => `string.color.${n}`),
  'array.color.palette',
  ...[
    'name',
    'extension',
    'mimetype',
    'namewithextension',
    'path',
    'imagepath',
    'documentpath',
    'imageextension',
    'documentextension',
    'url',
  ].map((n) => `string.file.${n}`),
  'number.file.size',
  ...[
    'city',
    'popularcity',
    'europeancity',
    'asiancity',
    'country',
    'winddirection',
    'condition',
    'description',
    'date',
    'dayofweek',
  ].map((n) => `string.weather.${n}`),
  'number.weather.temperature',
  'number.weather.humidity',
  'number.weather.windspeed',
  'array.weather.forecast',
  'object.weather.complete',
  ...['domain', 'siteid', 'trackingsince', 'pagepath', 'referrer', 'browser', 'os'].map(
    (n) => `string.analytics.${n}`,
  ),
  'number.analytics.totalvisitors',
  'number.analytics.bounce',
  'number.analytics.sessionduration',
  ...['trafficsources', 'dailyvisits', 'popularpages', 'devices'].map(
    (n) => `array.analytics.${n}`,
  ),
  'object.analytics.complete',
];

const SEEDS = [1, 2, 3, 'x', 'y'];

describe('the catalogue', () => {
  it('holds at least 250 types in about 15 groups', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(250);
    expect(dataTypeCategories.length).toBeGreaterThanOrEqual(15);
    expect(dataTypeCategories).toEqual(
      expect.arrayContaining([
        ...['basic', 'name', 'address', 'mail', 'money', 'review', 'country', 'event', 'color'],
        ...['file', 'weather', 'analytics', 'time', 'social', 'product'],
      ]),
    );
  });

  it('has about 39 time types and about 42 social types', () => {
    expect(catalogue.filter((t) => t.category === 'time')).toHaveLength(39);
    expect(catalogue.filter((t) => t.category === 'social')).toHaveLength(42);
  });

  it('has every name the product spec lists, under exactly that name', () => {
    const missing = SPEC_NAMES.filter((name) => getDataType(name) === undefined);
    expect(missing).toEqual([]);
  });

  it('has the basic types, percentage included', () => {
    expect(basicDataTypes.map((t) => t.name)).toEqual([
      'string',
      'number',
      'boolean',
      'email',
      'uuid',
      'date',
      'lorem',
      'array',
      'percentage',
    ]);
  });

  it('has unique, well-formed names whose first segment is the kind and second the category', () => {
    const names = catalogue.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const type of catalogue) {
      if (type.category === 'basic') {
        expect(type.name).toMatch(/^[a-z]+$/);
        continue;
      }
      expect(type.name).toMatch(DOTTED_TYPE_PATTERN);
      const [kind, category] = type.name.split('.');
      expect(kind).toBe(type.kind);
      expect(category).toBe(type.category);
    }
  });

  it('describes every type in one line', () => {
    for (const type of catalogue) {
      expect(type.description.trim(), type.name).not.toBe('');
      expect(type.description, type.name).not.toMatch(/\n/);
    }
  });

  it.each(catalogue.map((t) => [t.name, t] as const))(
    '%s: example and generated values are of its kind',
    (_name, type) => {
      expect(kindOf(type.example)).toBe(type.kind);
      expect(isJson(type.example)).toBe(true);
      for (const seed of SEEDS) {
        const value = type.generate(createContext(createRandom(seed), Date.UTC(2026, 0, 1)));
        expect(kindOf(value)).toBe(type.kind);
        expect(isJson(value)).toBe(true);
      }
    },
  );

  it('gives the same value for the same seed, for every type', () => {
    for (const type of catalogue) {
      const draw = () =>
        JSON.stringify(type.generate(createContext(createRandom(99), Date.UTC(2026, 0, 1))));
      expect(draw(), type.name).toBe(draw());
    }
  });

  it('describes itself as plain data for the API and the UIs', () => {
    const info = describeCatalogue();
    expect(info).toHaveLength(catalogue.length);
    expect(info[0]).toEqual({
      name: 'string',
      kind: 'string',
      category: 'basic',
      description: expect.any(String),
      example: expect.any(String),
    });
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
  });
});

describe('number.review.rating', () => {
  it('is a whole number from 1 to 5', () => {
    const rating = getDataType('number.review.rating');
    const seen = new Set<unknown>();
    for (let seed = 0; seed < 300; seed++) {
      seen.add(rating?.generate(createContext(createRandom(seed), 0)));
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('searchDataTypes', () => {
  it('matches the type name, case-insensitively', () => {
    expect(searchDataTypes('FULLNAME').map((t) => t.name)).toContain('string.name.fullname');
    expect(searchDataTypes('mail.GMAIL').map((t) => t.name)).toEqual(['string.mail.gmail']);
  });

  it('matches the example text, case-insensitively', () => {
    const fullname = getDataType('string.name.fullname');
    const word = String(fullname?.example).split(' ')[0]?.toUpperCase() ?? '';
    expect(searchDataTypes(word).map((t) => t.name)).toContain('string.name.fullname');
  });

  it('filters by All, Basic, String, Number, Object and Array', () => {
    expect(searchDataTypes('', 'basic').map((t) => t.name)).toEqual(
      basicDataTypes.map((t) => t.name),
    );
    for (const kind of ['string', 'number', 'object', 'array'] as const) {
      const found = searchDataTypes('', kind, 1000);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((t) => t.kind === kind && t.name.startsWith(`${kind}.`))).toBe(true);
    }
    expect(searchDataTypes('weather', 'object').map((t) => t.name)).toContain(
      'object.weather.complete',
    );
    expect(searchDataTypes('weather', 'number').every((t) => t.kind === 'number')).toBe(true);
  });

  it('returns at most 100 types', () => {
    expect(searchDataTypes('')).toHaveLength(100);
    expect(searchDataTypes('', 'all', 1000)).toHaveLength(catalogue.length);
  });

  it('returns nothing for text that matches nothing', () => {
    expect(searchDataTypes('zzqqxx-no-such-type')).toEqual([]);
  });
});

describe('suggestDataType', () => {
  it('proposes the closest name for a typo of a type', () => {
    expect(suggestDataType('string.name.fulname')).toBe('string.name.fullname');
    expect(suggestDataType('String.Name.Fullname')).toBe('string.name.fullname');
    expect(suggestDataType('number.money.prise')).toBe('number.money.price');
  });

  it('proposes nothing for real types and for ordinary text', () => {
    expect(suggestDataType('string.name.fullname')).toBeUndefined();
    expect(suggestDataType('active')).toBeUndefined();
    expect(suggestDataType('Hello, world')).toBeUndefined();
    expect(suggestDataType('com.example.app')).toBeUndefined();
  });
});

describe('exampleText', () => {
  it('gives string examples as they are and others as JSON, cut with ... when asked', () => {
    const info = { name: 'x', kind: 'string', category: 'basic', description: '' } as const;
    expect(exampleText({ ...info, example: 'hello' })).toBe('hello');
    expect(exampleText({ ...info, example: [1, 2] })).toBe('[1,2]');
    expect(exampleText({ ...info, example: 'abcdefghij' }, 6)).toBe('abc...');
    expect(exampleText({ ...info, example: 'abcdef' }, 6)).toBe('abcdef');
  });
});

describe('suggestDataTypes', () => {
  it('names every close type, nearest first, and none for real types or ordinary text', () => {
    expect(suggestDataTypes('number.product.rate')).toEqual([
      'number.product.price',
      'number.product.rating',
    ]);
    expect(suggestDataTypes('string.name.fulname')).toEqual(['string.name.fullname']);
    expect(suggestDataTypes('string.name.fullname')).toEqual([]);
    expect(suggestDataTypes('com.example.app')).toEqual([]);
  });
});

describe('misspeltTypes', () => {
  const names = new Set(describeCatalogue().map((type) => type.name));

  it('finds each misspelt value once, where it first is, in the order written', () => {
    const template = {
      name: 'string.name.fulname',
      orders: [{ __multiply: '1-3', total: 'number.money.prise', buyer: 'string.name.fulname' }],
      'first name': ['ok', 'string.adress.city'],
      id: 'uuid',
      version: 'v1.2',
    };
    expect(misspeltTypes(template, names)).toEqual([
      { path: '$.name', value: 'string.name.fulname', suggestions: ['string.name.fullname'] },
      {
        path: '$.orders[0].total',
        value: 'number.money.prise',
        suggestions: ['number.money.price'],
      },
      {
        path: '$["first name"][1]',
        value: 'string.adress.city',
        suggestions: ['string.address.city'],
      },
    ]);
  });

  it('stops at the limit and bears any depth', () => {
    let deep: unknown = 'string.name.fulname';
    for (let level = 0; level < 50_000; level++) deep = [deep];
    expect(misspeltTypes(deep, names)).toHaveLength(1);
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`k${i}`, `string.name.fulname${'x'.repeat(i % 2)}`]),
    );
    expect(misspeltTypes(many, names, 1)).toHaveLength(1);
  });
});
