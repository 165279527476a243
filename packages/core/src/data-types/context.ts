import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import type { Random } from '../random.ts';
import type { GenContext } from './types.ts';

// One faker instance for the whole process, built on the English locale only (loading every
// locale costs about 300 ms at start). Its randomizer reads from whichever Random is generating
// now: generation is synchronous, so one body never interleaves with another.
let current: Random | undefined;

const randomizer = {
  next: () => (current as Random).next(),
  seed: () => {
    // Seeding happens on our Random, never through faker.
  },
};

const FakerConstructor = englishFaker.constructor as new (options: {
  locale: Faker['rawDefinitions'];
  randomizer: typeof randomizer;
}) => Faker;

const boundFaker = new FakerConstructor({ locale: englishFaker.rawDefinitions, randomizer });

/** Faker's English locale data, for generators that draw from it directly (the fast road). */
export const definitions: Faker['definitions'] = englishFaker.definitions;

/**
 * Makes `random` the source behind faker and returns the context generators receive.
 * Call it at the start of each body; the returned context is valid until the next call.
 */
export function createContext(random: Random, now: number): GenContext {
  current = random;
  boundFaker.setDefaultRefDate(now);
  return { random, faker: boundFaker, now };
}
