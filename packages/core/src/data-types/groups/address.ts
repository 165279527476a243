import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { buildingNumber, drawPlace, type Place, streetName } from '../places/place.ts';
import type { GenContext } from '../types.ts';
import { type DataType, type OldDraws, ONE_DRAW, ofRecord, typeGroup } from '../types.ts';

const t = typeGroup('address');

const CITIES: readonly string[] = definitions.location.city_name;
const STATES: readonly string[] = definitions.location.state;
const STATE_CODES: readonly string[] = definitions.location.state_abbr;
const COUNTRIES: readonly string[] = definitions.location.country;
const COUNTRY_CODES: readonly string[] = definitions.location.country_code.map((c) => c.alpha2);
const TIME_ZONES: readonly string[] = definitions.location.time_zone;

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

/** The object's place, or a place of its own for a value drawn alone. */
export function placeOf(c: GenContext): Place {
  return c.record ? c.record.place : drawPlace(c.random);
}

/** `type`, marked as one of the object's place (of `country` when only there). */
function place(type: DataType, country?: string, old: OldDraws | true = true): DataType {
  return ofRecord(type, 'place', country, old);
}

/** `type`, of the object's place, whose value before records was one pick or number drawn. */
function placeOfOneDraw(type: DataType, country?: string): DataType {
  return place(type, country, ONE_DRAW);
}

/** `type`, new with records, marked as one of the object's place (it has no old draw to keep). */
function newPlace(type: DataType): DataType {
  return ofRecord(type, 'place', undefined, false);
}

/**
 * Postal addresses, places, countries, coordinates and time zones. Within an object they are of
 * one place (a real city); the ZIP code, the state and the one-line address are of the United
 * States, and so is the place of an object that holds one of them.
 */
export const addressTypes: readonly DataType[] = [
  place(
    t('string', 'street', 'A street address: number and street', '742 Evergreen Terrace', (c) =>
      c.record ? c.record.place.street : streetAddress(c.random),
    ),
  ),
  placeOfOneDraw(
    t('string', 'city', 'A city name', 'Springfield', (c) =>
      c.record ? c.record.place.city : c.random.pick(CITIES),
    ),
  ),
  place(
    t(
      'string',
      'full',
      'A one-line postal address: street, city, state code and ZIP code',
      '742 Evergreen Terrace, Springfield, IL 62704',
      (c) => {
        const p = c.record?.place;
        if (p) return `${p.street}, ${p.city}, ${p.regionCode} ${p.postcode}`;
        const street = c.random.bool(0.2)
          ? `${streetAddress(c.random)} ${secondaryAddress(c.random)}`
          : streetAddress(c.random);
        const state = c.random.pick(STATE_CODES);
        return `${street}, ${c.random.pick(CITIES)}, ${state} ${postcode(c.random)}`;
      },
    ),
    'US',
  ),
  place(
    t('string', 'postcode', 'A five-digit ZIP code', '62704', (c) =>
      c.record ? c.record.place.postcode : postcode(c.random),
    ),
    'US',
  ),
  placeOfOneDraw(
    t('string', 'state', 'A US state', 'Illinois', (c) =>
      c.record ? c.record.place.region : c.random.pick(STATES),
    ),
    'US',
  ),
  placeOfOneDraw(
    t('string', 'statecode', 'A US state code, two letters', 'IL', (c) =>
      c.record ? c.record.place.regionCode : c.random.pick(STATE_CODES),
    ),
    'US',
  ),
  placeOfOneDraw(
    t('string', 'country', 'A country or territory name', 'Canada', (c) =>
      c.record ? c.record.place.country : c.random.pick(COUNTRIES),
    ),
  ),
  placeOfOneDraw(
    t('string', 'countrycode', 'An ISO 3166-1 alpha-2 country code', 'CA', (c) =>
      c.record ? c.record.place.countryCode : c.random.pick(COUNTRY_CODES),
    ),
  ),
  placeOfOneDraw(
    t('number', 'latitude', 'A latitude in degrees, -90 to 90, six decimals', 39.781721, (c) =>
      c.record ? c.record.place.latitude : c.random.float(-90, 90, 6),
    ),
  ),
  placeOfOneDraw(
    t(
      'number',
      'longitude',
      'A longitude in degrees, -180 to 180, six decimals',
      -89.650148,
      (c) => (c.record ? c.record.place.longitude : c.random.float(-180, 180, 6)),
    ),
  ),
  place(
    t('string', 'buildingnumber', 'A house or building number', '742', (c) =>
      c.record ? c.record.place.buildingNumber : buildingNumber(c.random),
    ),
  ),
  t('string', 'secondary', 'A secondary address line: apartment, suite or unit', 'Apt. 4B', (c) =>
    secondaryAddress(c.random),
  ),
  placeOfOneDraw(
    t('string', 'timezone', 'An IANA time zone', 'America/Chicago', (c) =>
      c.record ? c.record.place.timeZone : c.random.pick(TIME_ZONES),
    ),
  ),
  newPlace(
    t(
      'string',
      'region',
      "The state, province or region of a real city's country",
      'Ontario',
      (c) => (c.record ? c.record.place.region : drawPlace(c.random).region),
    ),
  ),
  newPlace(
    t(
      'string',
      'regioncode',
      'The ISO 3166-2 code of that state, province or region, without the country',
      'ON',
      (c) => (c.record ? c.record.place.regionCode : drawPlace(c.random).regionCode),
    ),
  ),
  newPlace(
    t(
      'string',
      'postalcode',
      "A postcode in its country's format, of the region",
      'M5V 2T6',
      (c) => (c.record ? c.record.place.postcode : drawPlace(c.random).postcode),
    ),
  ),
  newPlace(
    t('string', 'locale', "The BCP 47 locale of the place's country", 'en-CA', (c) =>
      c.record ? c.record.place.locale : drawPlace(c.random).locale,
    ),
  ),
];
