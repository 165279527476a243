import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../errors.ts';
import type { JsonObject } from '../json.ts';
import { MAX_JSON_DEPTH } from '../limits.ts';
import { nestedJson } from '../testing/nested-json.ts';
import {
  checkRecord,
  idKindOf,
  MAX_RECORD_BYTES,
  nextId,
  parseRef,
  RecordTemplateError,
  recordTemplateIssues,
  seedRecords,
} from './records.ts';

// Core is typed without Node's or the DOM's globals; the runner has a console and a clock.
declare const console: { log(message: string): void };
declare const performance: { now(): number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const user: JsonObject = {
  id: 'uuid',
  name: 'string.name.fullname',
  email: 'email',
  age: { __number: { min: 18, max: 90, integer: true } },
  active: 'boolean',
  joined: 'date',
  address: { city: 'string.address.city', zip: 'string' },
  tags: [{ __multiply: '1-3', label: 'string' }],
  role: { __oneOf: ['admin', 'member'] },
};

describe('seedRecords', () => {
  it('gives the same records, byte for byte, for the same seed', () => {
    const a = seedRecords(user, { seed: 42, count: 50 });
    const b = seedRecords(user, { seed: '42', count: 50 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a).toHaveLength(50);
    expect(a[0]).toEqual({
      id: expect.stringMatching(UUID),
      name: expect.any(String),
      email: expect.stringContaining('@'),
      age: expect.any(Number),
      active: expect.any(Boolean),
      joined: expect.any(String),
      address: { city: expect.any(String), zip: expect.any(String) },
      tags: expect.any(Array),
      role: expect.stringMatching(/^(admin|member)$/),
    });
  });

  it('gives other records for another seed', () => {
    const a = seedRecords(user, { seed: 1, count: 20 });
    const b = seedRecords(user, { seed: 2, count: 20 });
    expect(a.map((r) => r.email)).not.toEqual(b.map((r) => r.email));
    expect(a.map((r) => r.id)).not.toEqual(b.map((r) => r.id));
  });

  it('changes no value of any other field when a field is added, at the top or nested', () => {
    const before = seedRecords(user, { seed: 'project-7', count: 100 });
    const wider: JsonObject = {
      phone: 'string',
      ...user,
      address: { street: 'string', ...(user.address as JsonObject), country: 'string' },
      score: 'percentage',
    };
    const after = seedRecords(wider, { seed: 'project-7', count: 100 });
    for (let i = 0; i < before.length; i++) {
      const { phone, score, address, ...rest } = after[i] as JsonObject;
      const { street, country, ...oldAddress } = address as JsonObject;
      const { address: beforeAddress, ...beforeRest } = before[i] as JsonObject;
      expect(rest).toEqual(beforeRest);
      expect(oldAddress).toEqual(beforeAddress);
      expect(typeof phone).toBe('string');
      expect(typeof score).toBe('number');
    }
  });

  it('counts integer ids 1..N, and gives an id to a template without one', () => {
    const numbered = seedRecords({ id: 'number', title: 'lorem' }, { seed: 3, count: 5 });
    expect(numbered.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    const none = seedRecords({ title: 'lorem' }, { seed: 3, count: 3 });
    expect(none.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(Object.keys(none[0] as JsonObject)).toEqual(['id', 'title']);
  });

  it('gives distinct seeded uuids to a uuid id, and to any other text id', () => {
    const records = seedRecords({ id: 'uuid' }, { seed: 9, count: 1000 });
    const ids = new Set(records.map((r) => r.id));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(UUID);
    const fixed = seedRecords({ id: 'abc' }, { seed: 9, count: 1000 });
    expect(fixed.map((r) => r.id)).toEqual(records.map((r) => r.id));
  });

  it('draws references from the other collection: every order resolves to a user', () => {
    const users = seedRecords(user, { seed: 5, count: 30 });
    const userIds = users.map((u) => u.id as string);
    const asked: string[] = [];
    const orders = seedRecords(
      { id: 'number', userId: 'ref:users.id', total: 'percentage' },
      {
        seed: 5,
        count: 500,
        refs: (collection, field) => {
          asked.push(`${collection}.${field}`);
          return collection === 'users' ? users.map((u) => u[field] as string) : [];
        },
      },
    );
    expect(asked).toEqual(['users.id']);
    const known = new Set(userIds);
    expect(orders.every((o) => known.has(o.userId as string))).toBe(true);
    // Drawn across the users, not one user for every order.
    expect(new Set(orders.map((o) => o.userId)).size).toBeGreaterThan(20);
    const again = seedRecords(
      { id: 'number', userId: 'ref:users.id', total: 'percentage' },
      { seed: 5, count: 500, refs: () => userIds },
    );
    expect(again).toEqual(orders);
  });

  it('draws a reference nested in a plain object', () => {
    const orders = seedRecords(
      { buyer: { userId: 'ref:users.id' } },
      { seed: 1, count: 50, refs: () => [7, 8, 9] },
    );
    expect(orders.every((o) => [7, 8, 9].includes((o.buyer as JsonObject).userId as number))).toBe(
      true,
    );
  });

  it('gives null to a reference with nothing to draw from', () => {
    const orders = seedRecords({ userId: 'ref:users.id' }, { seed: 1, count: 2 });
    expect(orders).toEqual([
      { id: 1, userId: null },
      { id: 2, userId: null },
    ]);
  });

  it('caps the count at 10,000 and seeds 10,000 records fast', () => {
    const started = performance.now();
    const records = seedRecords(user, { seed: 'bench', count: 20_000 });
    const ms = performance.now() - started;
    console.log(
      `seedRecords: 10,000 records of ${Object.keys(user).length} fields in ${ms.toFixed(0)} ms`,
    );
    expect(records).toHaveLength(10_000);
    expect(new Set(records.map((r) => r.id)).size).toBe(10_000);
  });

  it('refuses a template with a malformed reference, naming it', () => {
    const issues = recordTemplateIssues({ id: 'number', userId: 'ref:users' });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('$.userId');
    expect(issues[0]?.message).toContain('ref:COLLECTION.FIELD');
    const inList = recordTemplateIssues({
      tagIds: ['ref:tags.id'],
      owner: { __oneOf: ['ref:users.id', null] },
      note: { __literal: 'ref:users.id' },
      buyer: { userId: 'ref:users.id' },
    });
    expect(inList.map((issue) => issue.path)).toEqual(['$.tagIds[0]', '$.owner.__oneOf[0]']);
    expect(inList[0]?.message).toBe(
      '"ref:tags.id" is inside a list or a directive: a reference must be a field of its own',
    );
    expect(() => seedRecords({ userId: 'ref:9users.id' }, { seed: 1, count: 1 })).toThrow(
      RecordTemplateError,
    );
  });
});

describe('parseRef', () => {
  it('reads ref:COLLECTION.FIELD and leaves other strings alone', () => {
    expect(parseRef('ref:users.id')).toEqual({
      ok: true,
      ref: { collection: 'users', field: 'id' },
    });
    expect(parseRef('ref:line_items.order-id')).toEqual({
      ok: true,
      ref: { collection: 'line_items', field: 'order-id' },
    });
    expect(parseRef('email')).toBeUndefined();
    for (const bad of ['ref:', 'ref:users', 'ref:users.', 'ref:.id', 'ref:1a.id', 'ref:a.b.c']) {
      expect(parseRef(bad)).toMatchObject({ ok: false });
    }
  });
});

describe('ids', () => {
  it('reads the id kind of a template', () => {
    expect(idKindOf({ id: 'uuid' })).toBe('uuid');
    expect(idKindOf({ id: 'number' })).toBe('int');
    expect(idKindOf({ id: 'number.time.year' })).toBe('int');
    expect(idKindOf({ id: { __number: { min: 1, max: 9 } } })).toBe('int');
    expect(idKindOf({ id: 7 })).toBe('int');
    expect(idKindOf({ name: 'string' })).toBe('int');
    expect(idKindOf({ id: 'string.social.postid' })).toBe('uuid');
  });

  it('gives a POST the next integer, or a fresh uuid', () => {
    expect(nextId([], 'int')).toBe(1);
    expect(nextId([{ id: 3 }, { id: 17 }, { id: 5 }], 'int')).toBe(18);
    const a = nextId([], 'uuid');
    expect(a).toMatch(UUID);
    expect(nextId([], 'uuid')).not.toBe(a);
  });
});

describe('checkRecord', () => {
  const post = { unknownFields: 'refuse', partial: false } as const;
  const good = () => ({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    age: 36,
    active: true,
    joined: '2025-12-10T09:00:00.000Z',
    address: { city: 'London', zip: 'W1' },
    tags: [{ label: 'math' }],
    role: 'admin',
  });

  it('refuses a body nested past MAX_JSON_DEPTH levels, whatever its depth, naming the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_JSON_DEPTH + 1, max: 50_000 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        (depth, kinds) => {
          const body = JSON.parse(nestedJson(depth, kinds));
          expect(checkRecord(user, body, post)).toEqual({
            ok: false,
            problems: [{ field: '', message: messages.bodyTooDeep }],
          });
          const inField = { ...good(), name: body };
          expect(checkRecord(user, inField, post).ok).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('accepts a well-formed body, id assigned later', () => {
    expect(checkRecord(user, good(), post)).toEqual({ ok: true, value: good() });
    expect(
      checkRecord(user, { ...good(), id: '3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b' }, post).ok,
    ).toBe(true);
  });

  it('checks each type as the catalogue names it', () => {
    const result = checkRecord(
      user,
      {
        ...good(),
        id: 'not-a-uuid',
        name: 42,
        email: 'nobody',
        age: 36.5,
        active: 'yes',
        joined: 'yesterday',
      },
      post,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'id', message: 'id: expected a UUID, got "not-a-uuid"' },
        { field: 'name', message: 'name: expected a string, got 42' },
        { field: 'email', message: 'email: expected an e-mail address, got "nobody"' },
        { field: 'age', message: 'age: expected a whole number, got 36.5' },
        { field: 'active', message: 'active: expected a boolean, got "yes"' },
        { field: 'joined', message: 'joined: expected an ISO 8601 date-time, got "yesterday"' },
      ],
    });
  });

  it('checks dates, urls and numbers of the dotted types', () => {
    const template = {
      day: 'string.time.date',
      site: 'string.internet.url',
      year: 'number.time.year',
    };
    expect(
      checkRecord(template, { day: '2026-03-14', site: 'https://a.io/x', year: 2014 }, post).ok,
    ).toBe(true);
    const bad = checkRecord(template, { day: '14/03/2026', site: 'a.io', year: '2014' }, post);
    expect(bad.ok ? [] : bad.problems.map((p) => p.message)).toEqual([
      'day: expected an ISO 8601 date (YYYY-MM-DD), got "14/03/2026"',
      'site: expected an http(s) URL, got "a.io"',
      'year: expected a number, got "2014"',
    ]);
  });

  it('names the path of nested objects and array elements', () => {
    const result = checkRecord(
      user,
      {
        ...good(),
        address: { city: 42, zip: 'W1' },
        tags: [{ label: 'a' }, { label: false }, 'x'],
      },
      post,
    );
    expect(result.ok ? [] : result.problems.map((p) => p.message)).toEqual([
      'address.city: expected a string, got 42',
      'tags[1].label: expected a string, got false',
      'tags[2]: expected an object, got "x"',
    ]);
    const notArray = checkRecord(user, { ...good(), tags: 'math' }, post);
    expect(notArray.ok ? [] : notArray.problems.map((p) => p.message)).toEqual([
      'tags: expected an array, got "math"',
    ]);
  });

  it('requires every field but id, except for a PATCH', () => {
    const { email, address, ...rest } = good();
    const result = checkRecord(user, { ...rest, address: { city: 'Paris' } }, post);
    expect(result.ok ? [] : result.problems.map((p) => p.message)).toEqual([
      'email: is required',
      'address.zip: is required',
    ]);
    const patch = checkRecord(
      user,
      { age: 40, address: { zip: '75001' } },
      { ...post, partial: true },
    );
    expect(patch).toEqual({ ok: true, value: { age: 40, address: { zip: '75001' } } });
    const badPatch = checkRecord(user, { age: 'old' }, { ...post, partial: true });
    expect(badPatch.ok).toBe(false);
  });

  it('refuses or keeps the fields the template does not name', () => {
    const body = { ...good(), nickname: 'ada', address: { city: 'London', zip: 'W1', floor: 2 } };
    const refused = checkRecord(user, body, post);
    expect(refused.ok ? [] : refused.problems.map((p) => p.message)).toEqual([
      'address.floor: is not a field of this collection',
      'nickname: is not a field of this collection',
    ]);
    expect(checkRecord(user, body, { ...post, unknownFields: 'keep' })).toEqual({
      ok: true,
      value: body,
    });
  });

  it('accepts an id of the referenced collection', () => {
    const order = { userId: 'ref:users.id', total: 'number' };
    expect(checkRecord(order, { userId: 3, total: 10 }, post).ok).toBe(true);
    expect(checkRecord(order, { userId: 'a', total: 10 }, post).ok).toBe(true);
    const bad = checkRecord(order, { userId: { id: 3 }, total: 10 }, post);
    expect(bad.ok ? [] : bad.problems.map((p) => p.message)).toEqual([
      'userId: expected an id of users, got {"id":3}',
    ]);
  });

  it('refuses a record over 64 KB, and a body that is no object', () => {
    const big = checkRecord({ note: 'lorem' }, { note: 'x'.repeat(MAX_RECORD_BYTES) }, post);
    expect(big.ok ? '' : big.problems[0]?.message).toMatch(/at most 65536 bytes \(64 KB\)/);
    const list = checkRecord(user, [good()], post);
    expect(list.ok ? '' : list.problems[0]?.message).toBe(
      'expected a JSON object, got [{"name":"Ada Lovelace","email":"ada@...',
    );
    expect(checkRecord(user, null, post).ok).toBe(false);
  });
});
