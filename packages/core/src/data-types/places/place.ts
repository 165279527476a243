/**
 * A place drawn as one row of the gazetteer: a real city, its division and country, and what
 * goes with them (a street, a postcode of the division, coordinates within the city, the time
 * zone, a phone number valid for the country, the currency and locale).
 */
import { mix32, Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { LAST_NAMES, zeroPad } from '../sources.ts';
import { type CountryInfo, PLACE_COUNTRIES, type RegionInfo } from './countries.ts';
import { CITY_ROWS, PHONE_ROWS, REGION_ROWS } from './gazetteer.generated.ts';

export interface Place {
  readonly buildingNumber: string;
  readonly streetName: string;
  /** Number and street: "742 Evergreen Terrace". */
  readonly street: string;
  readonly city: string;
  readonly region: string;
  /** The division's ISO 3166-2 code without the country's: "CA", "ON", "NSW". */
  readonly regionCode: string;
  readonly postcode: string;
  readonly country: string;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly timeZone: string;
  /** In the country's national format: "(415) 555-0172", "07400 123456". */
  readonly phoneNational: string;
  /** "+14155550172". */
  readonly phoneE164: string;
  readonly currency: string;
  readonly locale: string;
}

/** One gazetteer city, as parsed once, with what a place of it needs. */
export interface City {
  readonly countryCode: string;
  readonly adminCode: string;
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly population: number;
  readonly regionName: string;
  readonly country: CountryInfo;
  readonly region: RegionInfo;
  /** The region's postcode prefixes or prefix ranges, split once (US, GB, IE). */
  readonly posts: readonly string[];
  /** Kilometres to degrees of longitude at its latitude. */
  readonly lonScale: number;
  /** How far from its centre its places may be, in km: 2 to 10, more for a bigger city. */
  readonly radius: number;
  readonly callingCode: string;
  readonly phoneMask: string;
}

const STREET_NAMES: readonly string[] = definitions.location.street_name;
const STREET_SUFFIXES: readonly string[] = [
  'Street',
  'Street',
  'Avenue',
  'Avenue',
  'Road',
  'Lane',
  'Drive',
  'Court',
  'Place',
  'Boulevard',
  'Way',
  'Terrace',
  'Circle',
  'Parkway',
];
const LOG_MAX_BUILDING = Math.log(20_000);

/** A house number from 1 to 19999, small numbers being the more frequent. */
export function buildingNumber(random: Random): string {
  return String(Math.floor(Math.exp(random.next() * LOG_MAX_BUILDING)));
}

/** A street name: a well-known one ("Baker Street") or a family name and a suffix. */
export function streetName(random: Random): string {
  return random.bool(0.6)
    ? random.pick(STREET_NAMES)
    : `${random.pick(LAST_NAMES)} ${random.pick(STREET_SUFFIXES)}`;
}

interface Gazetteer {
  readonly all: readonly City[];
  /** Each country's cities, as indexes of `all`. */
  readonly byCountry: ReadonlyMap<string, readonly number[]>;
  /**
   * Per city of `all`, side by side: latitude, longitude, lonScale and radius. Drawing a place
   * reads them here, four numbers in one small array, rather than from a city object and the
   * boxes of its numbers spread over the heap (a miss of the cache each, per record).
   */
  readonly spots: Float64Array;
}

const SPOT = 4;

const KM_PER_DEGREE = 111.32;

let gazetteer: Gazetteer | undefined;

/**
 * `text` copied out of the table it was split from. The table holds a few names beyond Latin-1
 * ("‘Ewa Gentry", "Wahiawā"), so V8 keeps the whole of it, and every piece split from it, in two
 * bytes a character; one such value makes the whole JSON text of a body two-byte, slower to
 * serialise and to encode for the wire. A copy made of its character codes takes one byte a
 * character whenever it can: the same text, in the form the rest of a body is in.
 */
function compact(text: string): string {
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) codes.push(text.charCodeAt(i));
  return String.fromCharCode(...codes);
}

/** The gazetteer, parsed at its first use (about 4,600 rows, a few milliseconds). */
export function loadGazetteer(): Gazetteer {
  if (gazetteer) return gazetteer;
  const regionNames = new Map<string, string>();
  for (const line of REGION_ROWS.split('\n')) {
    const [country, code, name = ''] = line.split('\t');
    regionNames.set(`${country}.${code}`, compact(name));
  }
  const phones = new Map<string, { callingCode: string; mask: string }>();
  for (const line of PHONE_ROWS.split('\n')) {
    const [country = '', callingCode = '', mask = ''] = line.split('\t');
    phones.set(country, { callingCode, mask });
  }
  const all: City[] = [];
  const byCountry = new Map<string, number[]>();
  for (const line of CITY_ROWS.split('\n')) {
    const [countryCode = '', adminCode = '', name = '', lat, lon, pop] = line.split('\t');
    const country = PLACE_COUNTRIES[countryCode] as CountryInfo;
    const region = country.regions[adminCode] as RegionInfo;
    const phone = phones.get(countryCode) ?? { callingCode: '', mask: '' };
    const latitude = Number(lat);
    const city: City = {
      countryCode,
      adminCode,
      name: compact(name),
      latitude,
      longitude: Number(lon),
      population: Number(pop),
      regionName: regionNames.get(`${countryCode}.${adminCode}`) ?? '',
      country,
      region,
      posts: region.post.split(' '),
      lonScale: KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180),
      radius: Math.min(10, Math.max(2, Math.sqrt(Number(pop)) / 60)),
      callingCode: phone.callingCode,
      phoneMask: phone.mask,
    };
    const list = byCountry.get(countryCode);
    if (list) list.push(all.length);
    else byCountry.set(countryCode, [all.length]);
    all.push(city);
  }
  const spots = new Float64Array(all.length * SPOT);
  for (const [i, city] of all.entries()) {
    spots.set([city.latitude, city.longitude, city.lonScale, city.radius], i * SPOT);
  }
  gazetteer = { all, byCountry, spots };
  return gazetteer;
}

const DIGITS = '0123456789';

function digits(random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += DIGITS.charAt((random.uint32() >>> 0) % 10);
  return out;
}

function letter(random: Random, alphabet: string): string {
  return alphabet.charAt(random.int(0, alphabet.length - 1));
}

/** Canadian letters: no D, F, I, O, Q or U anywhere. */
const CA_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';
/** The inward code's letters of a British postcode. */
const GB_INWARD = 'ABDEFGHJLNPQRSTUWXYZ';
/** The characters of an Eircode's unique identifier. */
const EIRCODE = '0123456789ACDEFHKNPRTVWXY';

/** A postcode of the division, in the country's format. */
function postcode(random: Random, city: City): string {
  const post = city.region.post;
  switch (city.countryCode) {
    case 'US': {
      // A three-digit prefix of the state, then the delivery area.
      const [from = '0', to = from] = random.pick(city.posts).split('-');
      return `${zeroPad(random.int(Number(from), Number(to)), 3)}${zeroPad(random.int(1, 99), 2)}`;
    }
    case 'CA':
      return (
        `${letter(random, post)}${random.int(0, 9)}${letter(random, CA_LETTERS)} ` +
        `${random.int(0, 9)}${letter(random, CA_LETTERS)}${random.int(0, 9)}`
      );
    case 'GB': {
      const area = random.pick(city.posts);
      return `${area}${random.int(1, 20)} ${random.int(0, 9)}${letter(random, GB_INWARD)}${letter(random, GB_INWARD)}`;
    }
    case 'IE': {
      const key = random.pick(city.posts);
      return `${key} ${letter(random, 'ACDEFHKNPRTVWXY')}${letter(random, EIRCODE)}${letter(random, EIRCODE)}${letter(random, EIRCODE)}`;
    }
    default: {
      const [from = '0', to = from] = post.split('-');
      return zeroPad(random.int(Number(from), Number(to)), from.length);
    }
  }
}

/** The national significant number of a mobile or local line in the division. */
function phoneDigits(random: Random, info: CountryInfo, region: RegionInfo): string {
  if (region.areaCode !== undefined) {
    // North America: area code, an exchange that is no 555 or N11, then four digits.
    let exchange = `${random.int(2, 9)}${digits(random, 2)}`;
    if (exchange === '555' || exchange.endsWith('11')) exchange = `${exchange.charAt(0)}20`;
    return `${region.areaCode}${exchange}${digits(random, 4)}`;
  }
  const kept = info.phoneExample.slice(0, info.phoneKeep);
  return `${kept}${digits(random, info.phoneExample.length - kept.length)}`;
}

function formatPhone(mask: string, nsn: string): string {
  let i = 0;
  let out = '';
  for (const ch of mask) out += ch === '#' ? nsn.charAt(i++) : ch;
  return out;
}

/**
 * A place: the city and its coordinates at once, the street, postcode and phone in stages. One
 * is reused for the places of many objects (`reset`), its stream too.
 */
export class DrawnPlace implements Place {
  latitude = 0;
  longitude = 0;
  #seed = 0;
  readonly #random: Random;
  #city!: City;
  #stage = 0;
  #buildingNumber = '';
  #streetName = '';
  #postcode = '';
  #nsn = '';

  /** `random` is the place's stream, started from the seed at the first stage drawn. */
  constructor(random: Random = new Random(0, 0, 0, 0, 0)) {
    this.#random = random;
  }

  /**
   * Makes this the place of a record whose seed is `seed`: a city of the gazetteer (of
   * `countryCode` when given), every city as likely as another, and coordinates within a few
   * kilometres of its centre (at most 10 km each way); the rest from a stream of the seed, at need.
   */
  reset(seed: number, countryCode?: string): this {
    const g = loadGazetteer();
    const list = countryCode === undefined ? undefined : g.byCountry.get(countryCode);
    const pick = mix32(seed ^ 0x7f4a7c15) % (list ?? g.all).length;
    const index = list ? (list[pick] as number) : pick;
    this.#seed = seed;
    this.#city = g.all[index] as City;
    this.#stage = 0;
    const spots = g.spots;
    const at = index * SPOT;
    // Within 2 to 10 km of the centre north-south and east-west, more for a bigger city.
    const radius = spots[at + 3] as number;
    const dLat = ((mix32(seed ^ 0x3c6ef372) / 2147483648 - 1) * radius) / KM_PER_DEGREE;
    const dLon = ((mix32(seed ^ 0xa54ff53a) / 2147483648 - 1) * radius) / (spots[at + 2] as number);
    this.latitude = Math.round(((spots[at] as number) + dLat) * 1e6) / 1e6;
    this.longitude = Math.round(((spots[at + 1] as number) + dLon) * 1e6) / 1e6;
    return this;
  }

  /** Draws the stages up to `stage`, each once, always in the same order. */
  #reach(stage: number): void {
    if (this.#stage >= stage) return;
    const random = this.#random;
    // The place's own stream, started from its seed at the first stage drawn.
    if (this.#stage === 0) random.derive(this.#seed, 2);
    while (this.#stage < stage) {
      this.#stage++;
      switch (this.#stage) {
        case 1:
          this.#buildingNumber = buildingNumber(random);
          this.#streetName = streetName(random);
          break;
        case 2:
          this.#postcode = postcode(random, this.#city);
          break;
        default:
          this.#nsn = phoneDigits(random, this.#city.country, this.#city.region);
      }
    }
  }

  get buildingNumber(): string {
    this.#reach(1);
    return this.#buildingNumber;
  }
  get streetName(): string {
    this.#reach(1);
    return this.#streetName;
  }
  get street(): string {
    this.#reach(1);
    return `${this.#buildingNumber} ${this.#streetName}`;
  }
  get postcode(): string {
    this.#reach(2);
    return this.#postcode;
  }
  get phoneNational(): string {
    this.#reach(3);
    return formatPhone(this.#city.phoneMask, this.#nsn);
  }
  get phoneE164(): string {
    this.#reach(3);
    return `+${this.#city.callingCode}${this.#nsn}`;
  }
  get city(): string {
    return this.#city.name;
  }
  get region(): string {
    return this.#city.regionName;
  }
  get regionCode(): string {
    return this.#city.region.iso;
  }
  get country(): string {
    return this.#city.country.name;
  }
  get countryCode(): string {
    return this.#city.countryCode;
  }
  get timeZone(): string {
    return this.#city.region.timeZone;
  }
  get currency(): string {
    return this.#city.country.currency;
  }
  get locale(): string {
    return this.#city.country.locale;
  }
}

/**
 * Draws a place: a city of the gazetteer (of `countryCode` when given), every city as likely as
 * another; coordinates within a few kilometres of its centre (at most 10 km each way).
 */
export function drawPlace(random: Random, countryCode?: string): Place {
  return placeOfSeed(random.uint32(), countryCode);
}

/** The place of a record whose seed is `seed` (see data-types/record.ts, which reuses one). */
export function placeOfSeed(seed: number, countryCode?: string): Place {
  return new DrawnPlace().reset(seed, countryCode);
}
