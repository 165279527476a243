/** The HTTP benchmark's workloads (DESIGN.md §8), shared by `http.ts` and the baselines. */

/** W1: a template of literals only, about 1 KiB, that every server answers verbatim. */
export const W1_TEMPLATE = {
  id: 1042,
  sku: 'MS-KB-1042',
  title: 'Mechanical keyboard, tenkeyless',
  description:
    'A compact keyboard with hot-swappable switches, PBT keycaps and a detachable cable.',
  price: { amount: 89.9, currency: 'EUR', taxIncluded: true },
  stock: { available: 37, reserved: 4, warehouse: 'Lyon-2' },
  rating: { average: 4.6, count: 312 },
  tags: ['keyboard', 'mechanical', 'tenkeyless', 'usb-c', 'hot-swap'],
  dimensions: { widthMm: 357, depthMm: 127, heightMm: 38, weightG: 830 },
  variants: [
    { code: 'red', label: 'Red switches', linear: true, actuationG: 45 },
    { code: 'brown', label: 'Brown switches', linear: false, actuationG: 55 },
    { code: 'blue', label: 'Blue switches', linear: false, actuationG: 60 },
  ],
  shipping: { freeAbove: 50, days: [2, 3], countries: ['FR', 'BE', 'DE', 'ES', 'IT', 'NL'] },
  seller: { name: 'Clavier & Co', verified: true, since: '2019-04-12' },
  images: ['/img/kb-1042-front.jpg', '/img/kb-1042-side.jpg', '/img/kb-1042-top.jpg'],
  warrantyMonths: 24,
  updatedAt: '2024-11-02T09:30:00Z',
  discontinued: false,
  replacedBy: null,
};

/** W1's body: compact JSON, as the server sends a template's literals. */
export const W1_BODY = JSON.stringify(W1_TEMPLATE);

export const W2_USERS = 10;

/** W2's fields: a user of uuid, fullname, email, number and boolean. */
export const W2_FIELDS = {
  id: 'uuid',
  name: 'string.name.fullname',
  email: 'email',
  age: 'number',
  active: 'boolean',
};

/** W2: ten users, generated per request. */
export const W2_TEMPLATE = [{ __multiply: `${W2_USERS}-${W2_USERS}`, ...W2_FIELDS }];

/** W2's user with a place (city, country, code, coordinates, time zone), one per user. */
export const W2_PLACE_FIELDS = {
  ...W2_FIELDS,
  city: 'string.address.city',
  country: 'string.address.country',
  countryCode: 'string.address.countrycode',
  lat: 'number.address.latitude',
  lng: 'number.address.longitude',
  timeZone: 'string.address.timezone',
};

/** W2 with a place: ten users whose name, e-mail and place agree, generated per request. */
export const W2_PLACE_TEMPLATE = [{ __multiply: `${W2_USERS}-${W2_USERS}`, ...W2_PLACE_FIELDS }];

/**
 * The server's threshold for a large answer (MOCK_LARGE_ANSWER_BYTES' default, which the bench
 * sets explicitly): an API whose worst-case answer reaches it is rendered in a worker thread.
 */
export const LARGE_ANSWER_BYTES = 256 * 1024;

export const W3_RECORDS = 1000;

/** W3's fields: W2's user and three more, so that the worst case passes LARGE_ANSWER_BYTES. */
export const W3_FIELDS = {
  ...W2_FIELDS,
  city: 'string.address.city',
  company: 'string.company.name',
  createdAt: 'string.time.iso',
};

/**
 * W3, a large answer: a thousand records generated per request, about 210 KB, whose worst case
 * (about 340 KB) sends it through the server's worker threads and their caps.
 */
export const W3_TEMPLATE = [{ __multiply: `${W3_RECORDS}-${W3_RECORDS}`, ...W3_FIELDS }];

/** C1 and C2: a project's collection at `/items`, seeded with this many records. */
export const COLLECTION_RECORDS = 10_000;

export const COLLECTION_PATH = '/items';

/** C2's page size (`_limit`). */
export const COLLECTION_PAGE_SIZE = 20;

/** A record of the collection: W2's user with an integer id (1 to COLLECTION_RECORDS). */
export const COLLECTION_TEMPLATE = {
  id: 'number',
  name: 'string.name.fullname',
  email: 'email',
  age: 'number',
  active: 'boolean',
};

/**
 * The record C1 reads and the page C2 reads. The bench drives wrk without a Lua script, so each
 * workload is one fixed URL: the middle of the collection (a record is found by its id in a map,
 * a page is a slice of the records, so neither costs more or less elsewhere in it).
 */
export const COLLECTION_ONE_ID = 5_000;
export const COLLECTION_PAGE = 250;
