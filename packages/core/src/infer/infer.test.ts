import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.ts';
import type { JsonObject, JsonValue } from '../json.ts';
import { compileTemplate } from '../template/compile.ts';
import { inferTemplate, MAX_SAMPLE_DEPTH } from './infer.ts';
import { shapeDifferences } from './shape.ts';

const NOW = Date.UTC(2026, 0, 1);

function infer(sample: unknown) {
  const result = inferTemplate(sample, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

function generate(template: JsonValue, seed: number): JsonValue {
  const compiled = compileTemplate(template);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return compiled.value.generate({ seed });
}

const USER = {
  id: 7,
  uuid: '3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b',
  firstName: 'Grace',
  lastName: 'Hopper',
  name: 'Grace Hopper',
  email: 'grace.hopper@navy.example',
  phone: '+12025550143',
  avatar: 'https://cdn.example.com/avatars/grace.png',
  verified: true,
  createdAt: '2025-11-02T08:15:00.123Z',
  birthday: '1906-12-09',
  address: {
    street: '12 Arlington Road',
    city: 'Arlington',
    state: 'VA',
    zip: '22201',
    country: 'US',
  },
  location: { lat: 38.8816, lng: -77.091 },
  orders: [
    { id: 'ORD-1001', status: 'shipped', total: 42.5, currency: 'USD' },
    { id: 'ORD-1002', status: 'pending', total: 7.99, currency: 'USD' },
    { id: 'ORD-1003', status: 'shipped', total: 120, currency: 'EUR' },
  ],
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl',
  bio: 'Computer scientist and United States Navy rear admiral.',
  deletedAt: null,
};

describe('a template from a sample', () => {
  it('gives each leaf the catalogue type of its key and value', () => {
    const { template } = infer(USER);
    const t = template as JsonObject;
    expect(t.uuid).toBe('uuid');
    expect(t.firstName).toBe('string.name.firstname');
    expect(t.lastName).toBe('string.name.lastname');
    expect(t.name).toBe('string.name.fullname');
    expect(t.email).toBe('email');
    expect(t.phone).toBe('string.phone.e164');
    expect(t.avatar).toBe('string.internet.avatar');
    expect(t.verified).toBe('boolean');
    expect(t.createdAt).toBe('date');
    expect(t.birthday).toBe('string.time.birthdate');
    expect(t.address).toEqual({
      street: 'string.address.street',
      city: 'string.address.city',
      state: 'string.address.regioncode',
      zip: 'string.address.postcode',
      country: 'string.address.countrycode',
    });
    expect(t.location).toEqual({ lat: 'number.address.latitude', lng: 'number.address.longitude' });
    expect(t.token).toBe('string.internet.apikey');
    expect(t.deletedAt).toBeNull();
  });

  it('makes an array of objects one __multiply element with a range from the sample, enums __oneOf', () => {
    const orders = (infer(USER).template as JsonObject).orders as JsonObject[];
    expect(orders).toHaveLength(1);
    const order = orders[0] as JsonObject;
    expect(order.__multiply).toBe('1-3');
    expect(order.status).toEqual({ __oneOf: ['pending', 'shipped'] });
    expect(order.currency).toBe('string.money.currency');
    expect(order.id).toEqual({ __string: { pattern: '^[A-Z]{3}-[0-9]{4}$' } });
  });

  it('keeps no personal value of the sample', () => {
    const text = JSON.stringify(infer(USER).template);
    for (const personal of [
      'Grace',
      'Hopper',
      'navy',
      '2025550143',
      'Arlington',
      'eyJ',
      'admiral',
      '22201',
    ])
      expect(text).not.toContain(personal);
  });

  it("generates bodies of the sample's shape: the same keys and JSON types", () => {
    const { template } = infer(USER);
    for (let seed = 0; seed < 50; seed++)
      expect(shapeDifferences(USER, generate(template, seed))).toEqual([]);
  });

  it('reports every field: what was chosen and why, and what stayed literal', () => {
    const { report } = infer(USER);
    const email = report.find((note) => note.path === '$.email');
    expect(email).toMatchObject({ chosen: 'email', literal: false });
    expect(email?.why).toMatch(/e-mail/);
    expect(report.find((note) => note.path === '$.deletedAt')).toMatchObject({
      chosen: null,
      literal: true,
    });
    expect(report.find((note) => note.path === '$.orders')?.why).toMatch(/3 objects/);
    expect(report.some((note) => note.path === '$.orders[*].status')).toBe(true);
  });

  it('gives dates in the sample’s format, by a pattern when no type has it', () => {
    const { template } = infer({
      a: '2024-01-15T10:30:00Z',
      b: '2024-01-15',
      c: '2024-01-15 10:30',
    });
    const t = template as JsonObject;
    expect(t.b).toBe('string.time.date');
    expect(t.c).toBe('string.time.datetimelocal');
    for (let seed = 0; seed < 20; seed++) {
      const body = generate(template, seed) as JsonObject;
      expect(body.a).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Number.isNaN(Date.parse(String(body.a)))).toBe(false);
    }
  });

  it('keeps enum values that read as types or references literal', () => {
    const t = infer({ kind: 'email' }).template as JsonObject;
    expect(t.kind).toEqual({ __oneOf: [{ __literal: 'email' }] });
    expect(generate(t, 1)).toEqual({ kind: 'email' });
  });

  it('makes a lone value a list of one, and leaves out keys the template language reserves', () => {
    expect(infer('a@b.co').template).toEqual(['email']);
    const { template, report } = infer({ __oneOf: [1], ok: true });
    expect(template).toEqual({ ok: 'boolean' });
    expect(report[0]?.why).toMatch(/reserves/);
  });

  it('refuses a sample nested deeper than a template may be', () => {
    let deep: JsonValue = 1;
    for (let i = 0; i < MAX_SAMPLE_DEPTH + 1; i++) deep = [deep];
    const result = inferTemplate(deep, NOW);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]?.code).toBe(ErrorCode.TEMPLATE_TOO_DEEP);
    let fits: JsonValue = 'x';
    for (let i = 0; i < MAX_SAMPLE_DEPTH; i++) fits = { a: fits };
    expect(inferTemplate(fits, NOW).ok).toBe(true);
  });
});

describe('amounts of money', () => {
  it('keeps a negative amount negative, within half to twice its size', () => {
    const { template } = infer({ amount: -42.9, balance: 1287.55 });
    expect((template as JsonObject).amount).toEqual({
      __number: { min: -86, max: -21, decimals: 2 },
    });
    for (let seed = 0; seed < 20; seed++) {
      const body = generate(template, seed) as JsonObject;
      expect(body.amount).toBeLessThan(0);
      expect(body.balance).toBeGreaterThan(0);
    }
  });
});

describe('values read by their form, whatever their key', () => {
  it('reads an IBAN whose check digits hold, a phone number in E.164 and an RFC 2822 date', () => {
    const { template } = infer({
      account: 'DE89370400440532013000',
      notAnIban: 'DE00370400440532013000',
      from: '+14155552671',
      short: '+4411',
      sent: 'Tue, 04 Nov 2025 18:22:09 +0000',
    });
    const t = template as JsonObject;
    expect(t.account).toBe('string.money.iban');
    // Wrong check digits: a token, never kept, but no IBAN.
    expect(t.notAnIban).not.toBe('string.money.iban');
    expect(JSON.stringify(t)).not.toContain('DE00370400440532013000');
    expect(t.from).toBe('string.phone.e164');
    expect(t.short).not.toBe('string.phone.e164');
    expect(t.sent).toBe('string.time.rfc2822');
  });

  it("reads a full name under a person's key (holder, customer, author)", () => {
    const { template } = infer({
      account: { holder: 'Felix Braun', currency: 'EUR' },
      order: { customer: 'Ana Souza', price_unit: 'USD' },
      note: { owner: 'lowercase words here' },
    });
    const t = template as { account: JsonObject; order: JsonObject; note: JsonObject };
    expect(t.account.holder).toBe('string.name.fullname');
    expect(t.order.customer).toBe('string.name.fullname');
    expect(t.order.price_unit).toBe('string.money.currency');
    // Not a name's form: never taken for one.
    expect(t.note.owner).not.toBe('string.name.fullname');
  });
});
