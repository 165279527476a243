/**
 * The documentation's worked examples: templates, the query of a call and what that call answers.
 * The answers are real: `examples.test.ts` generates each one with core (the seed makes it
 * reproducible) and fails when a text here no longer matches what the server would send.
 */

/** A template and what a call with `?seed=` answers. */
export interface GeneratedExample {
  template: unknown;
  seed: string;
  body: unknown;
}

/** The templates section: every kind of value a template may hold. */
export const templateExample: GeneratedExample = {
  template: {
    id: 'uuid',
    name: 'string.name.fullname',
    email: 'email',
    age: 'number',
    active: 'boolean',
    role: 'admin',
    address: { city: 'string.address.city', postcode: 'string.address.postcode' },
    tags: 'array',
    version: 2,
    deletedAt: null,
  },
  seed: '7',
  body: {
    id: '798cce8b-8c03-48d6-9db4-face9adef0d0',
    name: 'Chyna Feest',
    email: 'chyna579@gmail.com',
    age: 630,
    active: false,
    role: 'admin',
    address: { city: 'Edwardsville', postcode: '62185' },
    tags: ['laboriosam', 'candidus'],
    version: 2,
    deletedAt: null,
  },
};

/** The array multiplier section: a random count, a fixed count, and elements kept in place. */
export const multiplyExample: GeneratedExample = {
  template: {
    team: 'Platform',
    members: [{ __multiply: '2-4', name: 'string.name.firstname', role: 'string.name.jobtitle' }],
    steps: ['start', { __multiply: '2-2', step: 'number' }, 'end'],
  },
  seed: '2',
  body: {
    team: 'Platform',
    members: [
      { name: 'Isac', role: 'Office Manager' },
      { name: 'Leila', role: 'Junior Accountant' },
      { name: 'Lyda', role: 'Senior Sales Representative' },
    ],
    steps: ['start', { step: 247 }, { step: 565 }, 'end'],
  },
};

/** One generated product of the sorting examples. */
export interface Product {
  name: string;
  price: number;
  rating: number;
}

/** The sorting examples' template: five products, each a name, a price and a rating. */
export const sortingTemplate = [
  {
    __multiply: '5-5',
    name: 'string.product.name',
    price: 'number.product.price',
    rating: 'number.product.rating',
  },
];

/** The seed every sorting example calls with, so that each sorts the same five products. */
export const SORTING_SEED = '43';

/** One call of the sorting examples: its query, what it shows, and the answer. */
export interface SortingExample {
  /** The query string, without the `?`. */
  query: string;
  explanation: string;
  body: Product[];
  /** Headers the answer carries besides the usual ones. */
  headers?: Record<string, string>;
}

const shoes: Product = { name: 'Practical Bamboo Shoes', price: 198, rating: 2 };
const chair: Product = { name: 'Frozen Gold Chair', price: 7.99, rating: 5 };
const gloves: Product = { name: 'Modern Granite Gloves', price: 7.99, rating: 4.1 };
const ceramicHat: Product = { name: 'Handcrafted Ceramic Hat', price: 3.95, rating: 3.9 };
const bronzeHat: Product = { name: 'Soft Bronze Hat', price: 3, rating: 2.7 };

export const sortingExamples: SortingExample[] = [
  {
    query: `seed=${SORTING_SEED}`,
    explanation: 'No sort: the products in the order they were generated.',
    body: [gloves, bronzeHat, chair, ceramicHat, shoes],
  },
  {
    query: `seed=${SORTING_SEED}&sort=price:desc&sort=name`,
    explanation:
      'The most expensive first. Two products cost 7.99: the second key, name (ascending by default), puts Frozen Gold Chair before Modern Granite Gloves.',
    body: [shoes, chair, gloves, ceramicHat, bronzeHat],
  },
  {
    query: `seed=${SORTING_SEED}&sort=rating&order=desc`,
    explanation: 'order=desc is the direction of every key given without one: best rated first.',
    body: [chair, gloves, ceramicHat, bronzeHat, shoes],
  },
  {
    query: `seed=${SORTING_SEED}&sort=price:asc&sort=name&order=desc`,
    explanation:
      'An explicit direction wins over order: price goes up, while name, given without one, takes order=desc and breaks the 7.99 tie from Z to A.',
    body: [bronzeHat, ceramicHat, gloves, chair, shoes],
  },
  {
    query: `seed=${SORTING_SEED}&sort=price:desc&sort=name&page=2&limit=2`,
    explanation:
      'Pagination applies after sorting: the second page of two. X-Total-Count gives the length of the whole list.',
    body: [gloves, ceramicHat],
    headers: { 'X-Total-Count': '5' },
  },
];

/** JSON with one object per line inside a list: easy to scan in an ordered answer. */
export function productsJson(products: readonly Product[]): string {
  const line = (product: Product) =>
    `  { ${Object.entries(product)
      .map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join(', ')} }`;
  return products.length === 0 ? '[]' : `[\n${products.map(line).join(',\n')}\n]`;
}

/** Pretty-printed JSON, as the editor's Format JSON button writes it. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
