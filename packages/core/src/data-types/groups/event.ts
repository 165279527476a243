import type { Random } from '../../random.ts';
import { isoDate, lastName, slug } from '../sources.ts';
import { type DataType, typeGroup } from '../types.ts';

const t = typeGroup('event');

interface City {
  readonly city: string;
  readonly country: string;
  readonly currency: string;
}

/** Host cities, with their country and the currency tickets are sold in. */
const CITIES: readonly City[] = [
  { city: 'New York', country: 'United States', currency: 'USD' },
  { city: 'San Francisco', country: 'United States', currency: 'USD' },
  { city: 'Austin', country: 'United States', currency: 'USD' },
  { city: 'Chicago', country: 'United States', currency: 'USD' },
  { city: 'Seattle', country: 'United States', currency: 'USD' },
  { city: 'Boston', country: 'United States', currency: 'USD' },
  { city: 'Toronto', country: 'Canada', currency: 'CAD' },
  { city: 'Vancouver', country: 'Canada', currency: 'CAD' },
  { city: 'Montreal', country: 'Canada', currency: 'CAD' },
  { city: 'London', country: 'United Kingdom', currency: 'GBP' },
  { city: 'Manchester', country: 'United Kingdom', currency: 'GBP' },
  { city: 'Edinburgh', country: 'United Kingdom', currency: 'GBP' },
  { city: 'Dublin', country: 'Ireland', currency: 'EUR' },
  { city: 'Berlin', country: 'Germany', currency: 'EUR' },
  { city: 'Munich', country: 'Germany', currency: 'EUR' },
  { city: 'Hamburg', country: 'Germany', currency: 'EUR' },
  { city: 'Amsterdam', country: 'Netherlands', currency: 'EUR' },
  { city: 'Paris', country: 'France', currency: 'EUR' },
  { city: 'Lyon', country: 'France', currency: 'EUR' },
  { city: 'Barcelona', country: 'Spain', currency: 'EUR' },
  { city: 'Madrid', country: 'Spain', currency: 'EUR' },
  { city: 'Lisbon', country: 'Portugal', currency: 'EUR' },
  { city: 'Milan', country: 'Italy', currency: 'EUR' },
  { city: 'Vienna', country: 'Austria', currency: 'EUR' },
  { city: 'Brussels', country: 'Belgium', currency: 'EUR' },
  { city: 'Helsinki', country: 'Finland', currency: 'EUR' },
  { city: 'Zurich', country: 'Switzerland', currency: 'CHF' },
  { city: 'Sydney', country: 'Australia', currency: 'AUD' },
  { city: 'Melbourne', country: 'Australia', currency: 'AUD' },
  { city: 'Auckland', country: 'New Zealand', currency: 'NZD' },
  { city: 'Singapore', country: 'Singapore', currency: 'SGD' },
];

/** Venue kinds and how many people they hold. */
const VENUE_CAPACITY: Readonly<Record<string, readonly [number, number]>> = {
  'Convention Center': [1_000, 10_000],
  'Conference Center': [200, 2_000],
  'Hotel Ballroom': [150, 1_200],
  'Expo Center': [2_000, 20_000],
  Arena: [5_000, 20_000],
  Stadium: [20_000, 80_000],
  Theater: [300, 2_500],
  'Concert Hall': [800, 2_500],
  Amphitheater: [2_000, 15_000],
  Park: [2_000, 50_000],
  Fairgrounds: [5_000, 60_000],
  Studio: [20, 120],
  'Innovation Hub': [50, 300],
  'Coworking Space': [30, 150],
  'Training Center': [20, 200],
  Library: [30, 250],
  Campus: [200, 2_000],
  Gallery: [100, 600],
  Museum: [300, 3_000],
  'Comedy Club': [80, 400],
};
const VENUE_KINDS: readonly string[] = Object.keys(VENUE_CAPACITY);
const VENUE_NAMES: readonly string[] = [
  'Riverside',
  'Harbor',
  'Grand',
  'Royal',
  'Civic',
  'Metropolitan',
  'Lakeside',
  'Parkview',
  'Union',
  'Old Town',
  'Central',
  'Northgate',
  'Westfield',
  'Bayfront',
  'Heritage',
  'Liberty',
  'Crown',
  'Meridian',
];
const TOPICS: readonly string[] = [
  'JavaScript',
  'TypeScript',
  'Cloud Native',
  'Data Science',
  'Product Design',
  'DevOps',
  'Machine Learning',
  'AI',
  'Cybersecurity',
  'UX',
  'Open Source',
  'Digital Marketing',
  'FinTech',
  'Web Performance',
  'API',
  'Kubernetes',
  'Startup',
  'Green Tech',
];
const GENRES: readonly string[] = [
  'Jazz',
  'Blues',
  'Indie',
  'Rock',
  'Classical',
  'Electronic',
  'Folk',
  'Soul',
  'Hip-Hop',
  'Country',
  'Reggae',
  'Latin',
];
const COMPOSERS: readonly string[] = [
  'Beethoven',
  'Mozart',
  'Brahms',
  'Tchaikovsky',
  'Dvořák',
  'Mahler',
];
const FESTIVAL_THEMES: readonly string[] = [
  'Food & Wine',
  'Film',
  'Craft Beer',
  'Book',
  'Street Food',
  'Arts',
];
const MEDIA: readonly string[] = [
  'Photography',
  'Design',
  'Sculpture',
  'Contemporary Art',
  'Architecture',
];
const TRADES: readonly string[] = [
  'Home & Garden',
  'Auto',
  'Food & Beverage',
  'Boat',
  'Travel',
  'Wedding',
  'Furniture',
];
const ORGANIZER_SUFFIXES: readonly string[] = [
  'Events',
  'Events',
  'Live',
  'Productions',
  'Entertainment',
  'Conferences',
  'Promotions',
  'Media',
];
const CONTACT_ROLES: readonly string[] = ['events', 'info', 'tickets', 'hello', 'contact', 'rsvp'];
const CONTACT_TLDS: readonly string[] = ['com', 'com', 'com', 'events', 'org', 'co'];
/** Start minutes: mostly on the hour or the half hour. */
const MINUTES: readonly string[] = ['00', '00', '00', '30', '30', '15', '45'];

/** What a name is built from: the host city and the year of the event. */
interface NameParts {
  readonly city: string;
  readonly year: number;
}

interface EventKind {
  readonly type: string;
  readonly venues: readonly string[];
  readonly durations: readonly string[];
  /** The earliest and latest hour the event starts at. */
  readonly hours: readonly [number, number];
  /** The ticket price range. */
  readonly price: readonly [number, number];
  /** How likely the event is free. */
  readonly free: number;
  readonly name: (random: Random, parts: NameParts) => string;
}

/** Calls one of `makers`, chosen at random. */
function oneOf(random: Random, ...makers: (() => string)[]): string {
  return random.pick(makers)();
}

const KINDS: readonly EventKind[] = [
  {
    type: 'Conference',
    venues: ['Convention Center', 'Conference Center', 'Hotel Ballroom'],
    durations: ['1 day', '2 days', '2 days', '3 days'],
    hours: [8, 10],
    price: [99, 1_200],
    free: 0,
    name: (r, p) =>
      oneOf(
        r,
        () => `${r.pick(TOPICS)} Conference ${p.year}`,
        () => `${p.city} ${r.pick(TOPICS)} Conference`,
        () => `${r.pick(TOPICS)} Days ${p.year}`,
      ),
  },
  {
    type: 'Summit',
    venues: ['Conference Center', 'Hotel Ballroom', 'Convention Center'],
    durations: ['1 day', '2 days'],
    hours: [8, 10],
    price: [149, 1_500],
    free: 0,
    name: (r, p) =>
      r.bool() ? `${r.pick(TOPICS)} Summit ${p.year}` : `${p.city} ${r.pick(TOPICS)} Summit`,
  },
  {
    type: 'Concert',
    venues: ['Arena', 'Theater', 'Concert Hall', 'Amphitheater', 'Stadium'],
    durations: ['90 minutes', '2 hours', '2 hours', '2.5 hours', '3 hours'],
    hours: [18, 21],
    price: [25, 180],
    free: 0,
    name: (r, p) =>
      oneOf(
        r,
        () => `An Evening of ${r.pick(GENRES)}`,
        () => `${r.pick(GENRES)} Night`,
        () => `The ${lastName(r)} Quartet in Concert`,
        () => `${p.city} Symphony Orchestra plays ${r.pick(COMPOSERS)}`,
      ),
  },
  {
    type: 'Festival',
    venues: ['Park', 'Fairgrounds'],
    durations: ['1 day', '2 days', '3 days', '3 days', '4 days'],
    hours: [10, 16],
    price: [35, 320],
    free: 0.1,
    name: (r, p) =>
      r.bool()
        ? `${p.city} ${r.pick(GENRES)} Festival`
        : `${p.city} ${r.pick(FESTIVAL_THEMES)} Festival ${p.year}`,
  },
  {
    type: 'Workshop',
    venues: ['Studio', 'Innovation Hub', 'Training Center', 'Library'],
    durations: ['2 hours', '3 hours', '4 hours', '1 day'],
    hours: [9, 18],
    price: [25, 450],
    free: 0.2,
    name: (r) =>
      oneOf(
        r,
        () => `Hands-on ${r.pick(TOPICS)} Workshop`,
        () => `Intro to ${r.pick(TOPICS)}`,
        () => `${r.pick(TOPICS)} Masterclass`,
      ),
  },
  {
    type: 'Meetup',
    venues: ['Coworking Space', 'Innovation Hub', 'Library', 'Campus'],
    durations: ['90 minutes', '2 hours', '2 hours', '3 hours'],
    hours: [17, 19],
    price: [5, 20],
    free: 0.8,
    name: (r, p) =>
      r.bool()
        ? `${p.city} ${r.pick(TOPICS)} Meetup`
        : `${r.pick(TOPICS)} Meetup #${r.int(5, 120)}`,
  },
  {
    type: 'Hackathon',
    venues: ['Innovation Hub', 'Coworking Space', 'Campus'],
    durations: ['24 hours', '36 hours', '48 hours'],
    hours: [9, 18],
    price: [10, 50],
    free: 0.6,
    name: (r, p) =>
      r.bool() ? `${p.city} ${r.pick(TOPICS)} Hackathon` : `Hack ${p.city} ${p.year}`,
  },
  {
    type: 'Exhibition',
    venues: ['Gallery', 'Museum'],
    durations: ['2 weeks', '6 weeks', '1 month', '3 months'],
    hours: [10, 11],
    price: [8, 35],
    free: 0.15,
    name: (r, p) =>
      r.bool()
        ? `${lastName(r)}: A Retrospective`
        : `${p.city} ${r.pick(MEDIA)} Biennale ${p.year}`,
  },
  {
    type: 'Trade Show',
    venues: ['Expo Center', 'Convention Center'],
    durations: ['2 days', '3 days', '4 days'],
    hours: [9, 10],
    price: [15, 250],
    free: 0,
    name: (r, p) =>
      r.bool() ? `${p.city} ${r.pick(TRADES)} Expo` : `${r.pick(TRADES)} Trade Show ${p.year}`,
  },
  {
    type: 'Comedy Show',
    venues: ['Comedy Club', 'Theater'],
    durations: ['90 minutes', '2 hours'],
    hours: [19, 21],
    price: [15, 65],
    free: 0,
    name: (r, p) =>
      r.bool() ? `${p.city} Comedy Night` : `${lastName(r)} Live: Stand-up Tour ${p.year}`,
  },
];
const TYPES: readonly string[] = KINDS.map((k) => k.type);
const DURATIONS: readonly string[] = KINDS.flatMap((k) => k.durations);
/** Ticket price endings: mostly whole amounts, some charm prices. */
const PRICE_CENTS: readonly number[] = [0, 0, 0, 0.5, 0.99];

function venue(random: Random, kind: string): string {
  return `${random.pick(VENUE_NAMES)} ${kind}`;
}

/** A head count for a venue kind, rounded as venues state it (1200, not 1187). */
function capacity(random: Random, kind: string): number {
  const [min, max] = VENUE_CAPACITY[kind] ?? [50, 500];
  const step = 10 ** Math.max(0, Math.floor(Math.log10(min)) - 1);
  return Math.round(random.int(min, max) / step) * step;
}

/** A start time such as "19:30". */
function time(random: Random, kind: EventKind): string {
  const hour = random.int(kind.hours[0], kind.hours[1]);
  return `${String(hour).padStart(2, '0')}:${random.pick(MINUTES)}`;
}

function price(random: Random, kind: EventKind): number {
  if (random.bool(kind.free)) return 0;
  const whole = random.int(kind.price[0], kind.price[1]);
  return Math.round((whole + random.pick(PRICE_CENTS)) * 100) / 100;
}

function organizer(random: Random): string {
  return `${lastName(random)} ${random.pick(ORGANIZER_SUFFIXES)}`;
}

/** An address such as "tickets@hartmannproductions.com" at the organizer's domain. */
function contact(random: Random, organizerName: string): string {
  return `${random.pick(CONTACT_ROLES)}@${slug(organizerName)}.${random.pick(CONTACT_TLDS)}`;
}

function yearOf(ms: number): number {
  return new Date(ms).getUTCFullYear();
}

/** Public events: what, where, when, how long, for how many and at what price. */
export const eventTypes: readonly DataType[] = [
  t('string', 'name', 'The name of an event', 'Berlin Cloud Native Conference', (c) => {
    const kind = c.random.pick(KINDS);
    const city = c.random.pick(CITIES).city;
    return kind.name(c.random, { city, year: yearOf(c.now) + (c.random.bool(0.3) ? 1 : 0) });
  }),
  t(
    'string',
    'type',
    'A kind of event such as Conference, Concert, Workshop or Festival',
    'Conference',
    (c) => c.random.pick(TYPES),
  ),
  t('string', 'venue', 'The name of a venue', 'Riverside Convention Center', (c) =>
    venue(c.random, c.random.pick(c.random.pick(KINDS).venues)),
  ),
  t('number', 'capacity', 'How many people a venue holds, a rounded whole number', 1200, (c) =>
    capacity(c.random, c.random.pick(VENUE_KINDS)),
  ),
  t('string', 'date', 'A date within the coming year, YYYY-MM-DD', '2026-09-18', (c) =>
    isoDate(c.random, c.now, 1, 365),
  ),
  t('string', 'time', 'A start time, HH:MM on the 24-hour clock', '19:30', (c) =>
    time(c.random, c.random.pick(KINDS)),
  ),
  t(
    'string',
    'duration',
    'How long an event lasts, such as "2 hours", "90 minutes" or "3 days"',
    '2 hours',
    (c) => c.random.pick(DURATIONS),
  ),
  t('string', 'city', 'A city that hosts events', 'Berlin', (c) => c.random.pick(CITIES).city),
  t(
    'string',
    'country',
    'A country that hosts events',
    'Germany',
    (c) => c.random.pick(CITIES).country,
  ),
  t('number', 'price', 'A ticket price with two decimals, 0 when free', 49.5, (c) =>
    price(c.random, c.random.pick(KINDS)),
  ),
  t(
    'string',
    'currency',
    'The ISO 4217 code of a ticket price',
    'EUR',
    (c) => c.random.pick(CITIES).currency,
  ),
  t('boolean', 'available', 'Whether tickets are still available, mostly true', true, (c) =>
    c.random.bool(0.8),
  ),
  t('string', 'organizer', 'The company organizing an event', 'Hartmann Productions', (c) =>
    organizer(c.random),
  ),
  t(
    'string',
    'contact',
    'The contact e-mail address of an organizer',
    'tickets@hartmannproductions.com',
    (c) => contact(c.random, organizer(c.random)),
  ),
  t(
    'object',
    'complete',
    'A whole, consistent event: name, type, venue, place, date, time, price and more',
    {
      name: 'Berlin Cloud Native Conference',
      type: 'Conference',
      venue: 'Riverside Convention Center',
      city: 'Berlin',
      country: 'Germany',
      date: '2026-09-18',
      time: '09:00',
      duration: '2 days',
      capacity: 3500,
      price: 349,
      currency: 'EUR',
      available: true,
      organizer: 'Hartmann Conferences',
      contact: 'tickets@hartmannconferences.com',
    },
    (c) => {
      const kind = c.random.pick(KINDS);
      const place = c.random.pick(CITIES);
      const date = isoDate(c.random, c.now, 1, 365);
      const venueKind = c.random.pick(kind.venues);
      const host = organizer(c.random);
      return {
        name: kind.name(c.random, { city: place.city, year: Number(date.slice(0, 4)) }),
        type: kind.type,
        venue: venue(c.random, venueKind),
        city: place.city,
        country: place.country,
        date,
        time: time(c.random, kind),
        duration: c.random.pick(kind.durations),
        capacity: capacity(c.random, venueKind),
        price: price(c.random, kind),
        currency: place.currency,
        available: c.random.bool(0.8),
        organizer: host,
        contact: contact(c.random, host),
      };
    },
  ),
];
