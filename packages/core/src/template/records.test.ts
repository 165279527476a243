import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { postcodeValidator } from 'postcode-validator';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../data-types/catalogue.ts';
import { createContext } from '../data-types/context.ts';
import { getDataType } from '../data-types/lookup.ts';
import { PLACE_COUNTRIES } from '../data-types/places/countries.ts';
import { RecordDraws } from '../data-types/record.ts';
import type { JsonObject, JsonValue } from '../json.ts';
import { createRandom } from '../random.ts';
import { postcodeRegions } from '../testing/postcode-regions.ts';
import { compileTemplate, SEEDED_REFERENCE_TIME } from './compile.ts';

function compile(template: JsonValue) {
  const result = compileTemplate(template);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

const USER = {
  id: 'uuid',
  name: 'string.name.fullname',
  first: 'string.name.firstname',
  last: 'string.name.lastname',
  email: 'email',
  username: 'string.internet.username',
  gender: 'string.person.gender',
  phone: 'string.phone.e164',
  address: {
    street: 'string.address.street',
    city: 'string.address.city',
    region: 'string.address.region',
    postcode: 'string.address.postalcode',
    country: 'string.address.countrycode',
    geo: { lat: 'number.address.latitude', lng: 'number.address.longitude' },
  },
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('records whose fields agree', () => {
  it('gives one person per object: the full name is the first and last, the e-mail from them', () => {
    const users = compile(USER);
    for (let seed = 0; seed < 200; seed++) {
      const user = users.generate({ seed }) as JsonObject;
      expect(user.name).toBe(`${user.first} ${user.last}`);
      const local = String(user.email).split('@')[0] as string;
      expect(
        local.includes(slug(String(user.first))) || local.includes(slug(String(user.last))),
      ).toBe(true);
    }
  });

  it('gives one place per object, its nested address included: the phone is of its country', () => {
    const users = compile(USER);
    for (let seed = 0; seed < 200; seed++) {
      const user = users.generate({ seed }) as JsonObject;
      const address = user.address as JsonObject;
      const country = String(address.country);
      expect(Object.keys(PLACE_COUNTRIES)).toContain(country);
      expect(isValidPhoneNumber(String(user.phone), country as 'US')).toBe(true);
      expect(postcodeValidator(String(address.postcode), country)).toBe(true);
    }
  });

  it('changes no other field when a field of the person or the place is added or removed', () => {
    const { email, phone, ...fewer } = USER;
    const more = { ...USER, job: 'string.person.jobtitle', tz: 'string.address.timezone' };
    for (let seed = 0; seed < 20; seed++) {
      const base = compile(fewer).generate({ seed }) as JsonObject;
      const all = compile(USER).generate({ seed }) as JsonObject;
      const most = compile(more).generate({ seed }) as JsonObject;
      expect({ ...all, email: undefined, phone: undefined }).toEqual({
        ...base,
        email: undefined,
        phone: undefined,
      });
      expect({ ...most, job: undefined, tz: undefined }).toEqual({
        ...all,
        job: undefined,
        tz: undefined,
      });
    }
  });

  it('gives every other field the value it gave before records, for the same seed', () => {
    // Old fields of the person and the place among the others, and new ones (phone, region)
    // that read the record alone: drawn alone, in order, as before records, the old fields but
    // the new ones not at all, the other fields are what the object gives.
    const leaves: [string, string][] = [
      ['id', 'uuid'],
      ['name', 'string.name.fullname'],
      ['age', 'number'],
      ['phone', 'string.phone.e164'],
      ['email', 'email'],
      ['city', 'string.address.city'],
      ['region', 'string.address.region'],
      ['tags', 'array'],
      ['zip', 'string.address.postcode'],
      ['active', 'boolean'],
      ['currency', 'string.money.currency'],
      ['color', 'string.color.hex'],
    ];
    const others = new Set(['id', 'age', 'tags', 'active', 'color']);
    const added = new Set(['phone', 'region']);
    const template = compile(Object.fromEntries(leaves));
    for (let seed = 0; seed < 50; seed++) {
      const body = template.generate({ seed }) as JsonObject;
      const ctx = createContext(createRandom(seed), SEEDED_REFERENCE_TIME);
      for (const [key, name] of leaves) {
        if (added.has(key)) continue;
        const alone = getDataType(name)?.generate(ctx);
        if (others.has(key)) expect(body[key], `${key} under seed ${seed}`).toEqual(alone);
      }
    }
  });

  it("moves the body's stream in a record as each old type did alone, and a new type not at all", () => {
    // The old draw of a type is made without its value for the common types (types.ts,
    // OldDraws): the stream must then stand where the type's own generator leaves it.
    const added = new Set([
      'string.person.gender',
      'string.person.jobtitle',
      'string.phone.number',
      'string.phone.e164',
      'string.address.region',
      'string.address.regioncode',
      'string.address.postalcode',
      'string.address.locale',
    ]);
    const recordTypes = catalogue.filter((type) => type.draws !== undefined);
    expect(recordTypes.map((type) => type.name)).toEqual(expect.arrayContaining([...added]));
    for (const type of recordTypes) {
      for (let seed = 0; seed < 300; seed++) {
        const alone = createContext(createRandom(seed), SEEDED_REFERENCE_TIME);
        if (!added.has(type.name)) type.generate(alone);
        const inRecord = createContext(createRandom(seed), SEEDED_REFERENCE_TIME);
        inRecord.record = new RecordDraws(seed * 7919, type.country);
        type.generate(inRecord);
        expect(inRecord.random.uint32(), `${type.name} under seed ${seed}`).toBe(
          alone.random.uint32(),
        );
      }
    }
  });

  it("gives a postcode of the city's region, and a phone of its area code where it has one", () => {
    const place = compile({
      city: 'string.address.city',
      region: 'string.address.regioncode',
      postcode: 'string.address.postalcode',
      country: 'string.address.countrycode',
      phone: 'string.phone.e164',
    });
    const seen = new Set<string>();
    for (let seed = 0; seed < 1000; seed++) {
      const p = place.generate({ seed }) as Record<string, string>;
      const country = p.country as string;
      const regions = postcodeRegions(country, p.postcode as string);
      if (regions === undefined) continue;
      seen.add(country);
      expect(regions, `${p.city}, ${p.region} ${p.postcode}`).toContain(p.region);
      const info = Object.values(PLACE_COUNTRIES[country]?.regions ?? {}).find(
        (r) => r.iso === p.region,
      );
      if (info?.areaCode) expect(p.phone).toMatch(new RegExp(`^\\+1${info.areaCode}`));
    }
    expect([...seen].sort()).toEqual(['AU', 'CA', 'GB', 'IE', 'US']);
    const us = compile({ zip: 'string.address.postcode', state: 'string.address.statecode' });
    for (let seed = 0; seed < 300; seed++) {
      const { zip, state } = us.generate({ seed }) as Record<string, string>;
      expect(postcodeRegions('US', zip as string), `${state} ${zip}`).toContain(state);
    }
  });

  it('gives the same records for the same seed', () => {
    const users = compile([{ __multiply: '5-5', ...USER }]);
    expect(JSON.stringify(users.generate({ seed: 'a' }))).toBe(
      JSON.stringify(users.generate({ seed: 'a' })),
    );
  });

  it('gives each object of an array its own person', () => {
    const list = compile([{ __multiply: '50-50', name: 'string.name.fullname' }]);
    const names = (list.generate({ seed: 1 }) as JsonObject[]).map((u) => u.name);
    expect(new Set(names).size).toBeGreaterThan(45);
  });

  it('puts the place of an object with a ZIP code or a state in the United States', () => {
    const template = compile({
      zip: 'string.address.postcode',
      state: 'string.address.statecode',
      country: 'string.address.countrycode',
      phone: 'string.phone.number',
    });
    for (let seed = 0; seed < 100; seed++) {
      const body = template.generate({ seed }) as JsonObject;
      expect(body.country).toBe('US');
      expect(body.zip).toMatch(/^\d{5}$/);
      expect(body.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    }
  });

  it('keeps a person type drawn alone as it was: one value of its own', () => {
    const names = compile(['string.name.fullname', 'string.name.fullname']);
    const [a, b] = names.generate({ seed: 3 }) as string[];
    expect(a).not.toBe(b);
    expect(names.generate({ seed: 3 })).toEqual([a, b]);
  });
});
