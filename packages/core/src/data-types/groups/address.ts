import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { LAST_NAMES } from '../sources.ts';
import { type DataType, typeGroup } from '../types.ts';

const t = typeGroup('address');

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
const CITIES: readonly string[] = definitions.location.city_name;
const STATES: readonly string[] = definitions.location.state;
const STATE_CODES: readonly string[] = definitions.location.state_abbr;
const COUNTRIES: readonly string[] = definitions.location.country;
const COUNTRY_CODES: readonly string[] = definitions.location.country_code.map((c) => c.alpha2);
const TIME_ZONES: readonly string[] = definitions.location.time_zone;
const LOG_MAX_BUILDING = Math.log(20_000);

/** A house number from 1 to 19999, small numbers being the more frequent. */
function buildingNumber(random: Random): string {
  return String(Math.floor(Math.exp(random.next() * LOG_MAX_BUILDING)));
}

/** A street name: a well-known one ("Baker Street") or a family name and a suffix. */
function streetName(random: Random): string {
  return random.bool(0.6)
    ? random.pick(STREET_NAMES)
    : `${random.pick(LAST_NAMES)} ${random.pick(STREET_SUFFIXES)}`;
}

function streetAddress(random: Random): string {
  return `${buildingNumber(random)} ${streetName(random)}`;
}

/** "Apt. 4B", "Suite 310", "Unit 12". */
function secondaryAddress(random: Random): string {
  switch (random.int(0, 3)) {
    case 0:
    case 1:
      return `Apt. ${random.int(1, 40)}${random.bool(0.4) ? 'ABCDEF'.charAt(random.int(0, 5)) : ''}`;
    case 2:
      return `Suite ${random.int(100, 999)}`;
    default:
      return `Unit ${random.int(1, 99)}`;
  }
}

/** A five-digit ZIP code. */
function postcode(random: Random): string {
  return String(random.int(1001, 99950)).padStart(5, '0');
}

/** Postal addresses (United States style), places, countries, coordinates and time zones. */
export const addressTypes: readonly DataType[] = [
  t('string', 'street', 'A street address: number and street', '742 Evergreen Terrace', (c) =>
    streetAddress(c.random),
  ),
  t('string', 'city', 'A city name', 'Springfield', (c) => c.random.pick(CITIES)),
  t(
    'string',
    'full',
    'A one-line postal address: street, city, state code and ZIP code',
    '742 Evergreen Terrace, Springfield, IL 62704',
    (c) => {
      const street = c.random.bool(0.2)
        ? `${streetAddress(c.random)} ${secondaryAddress(c.random)}`
        : streetAddress(c.random);
      const state = c.random.pick(STATE_CODES);
      return `${street}, ${c.random.pick(CITIES)}, ${state} ${postcode(c.random)}`;
    },
  ),
  t('string', 'postcode', 'A five-digit ZIP code', '62704', (c) => postcode(c.random)),
  t('string', 'state', 'A US state', 'Illinois', (c) => c.random.pick(STATES)),
  t('string', 'statecode', 'A US state code, two letters', 'IL', (c) => c.random.pick(STATE_CODES)),
  t('string', 'country', 'A country or territory name', 'Canada', (c) => c.random.pick(COUNTRIES)),
  t('string', 'countrycode', 'An ISO 3166-1 alpha-2 country code', 'CA', (c) =>
    c.random.pick(COUNTRY_CODES),
  ),
  t('number', 'latitude', 'A latitude in degrees, -90 to 90, six decimals', 39.781721, (c) =>
    c.random.float(-90, 90, 6),
  ),
  t('number', 'longitude', 'A longitude in degrees, -180 to 180, six decimals', -89.650148, (c) =>
    c.random.float(-180, 180, 6),
  ),
  t('string', 'buildingnumber', 'A house or building number', '742', (c) =>
    buildingNumber(c.random),
  ),
  t('string', 'secondary', 'A secondary address line: apartment, suite or unit', 'Apt. 4B', (c) =>
    secondaryAddress(c.random),
  ),
  t('string', 'timezone', 'An IANA time zone', 'America/Chicago', (c) => c.random.pick(TIME_ZONES)),
];
