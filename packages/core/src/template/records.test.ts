import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { postcodeValidator } from 'postcode-validator';
import { describe, expect, it } from 'vitest';
import { PLACE_COUNTRIES } from '../data-types/places/countries.ts';
import type { JsonObject, JsonValue } from '../json.ts';
import { compileTemplate } from './compile.ts';

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
