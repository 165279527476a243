/**
 * The W2 baselines' user builders, shared by the engine benchmark and the HTTP baselines: one
 * calls faker's API per field, the other fills the same shape with no realism at all.
 */
import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker/locale/en';

/** A W2 user from faker's API, one call per field. */
export function fakerUser() {
  return {
    id: faker.string.uuid(),
    name: faker.person.fullName(),
    email: faker.internet.email(),
    age: faker.number.int({ min: 0, max: 1000 }),
    active: faker.datatype.boolean(),
  };
}

/** A W2 user from Math.random and crypto.randomUUID: the practical limit. */
export function plainUser() {
  return {
    id: randomUUID(),
    name: Math.random().toString(36).slice(2, 10),
    email: `${Math.random().toString(36).slice(2, 10)}@example.com`,
    age: Math.floor(Math.random() * 1001),
    active: Math.random() < 0.5,
  };
}
