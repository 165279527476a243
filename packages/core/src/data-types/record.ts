/**
 * The person and the place of one generated object. A compiled template draws them once per
 * object that asks for them (see template/records.ts), so that its name, e-mail, user name,
 * city, country, coordinates and phone number agree. Each comes from its own stream, seeded by
 * one draw at the object's start: the same seed gives the same record, and adding or removing a
 * field of the person or the place changes no other field's value. What costs is drawn at its
 * first use, in a fixed order of stages, so that a record pays only for the fields it has and
 * its values never depend on the order they are asked in.
 */
import { mix32, Random } from '../random.ts';
import { definitions } from './context.ts';
import { usernameFrom } from './groups/internet.ts';
import { companyDomain, PROVIDERS, workLocalFrom } from './groups/mail.ts';
import { GENDERS, ROLES, SENIORITIES } from './groups/name.ts';
import { DrawnPlace, type Place } from './places/place.ts';
import { emailLocalFrom, FIRST_NAMES, FREE_EMAIL_DOMAINS, LAST_NAMES, slug } from './sources.ts';

export type { Place };

export interface Person {
  /** Female, Male or (now and then) Non-binary; the first name follows it. */
  readonly gender: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly fullName: string;
  readonly initials: string;
  /** The local part of a personal address, from the name: "addison.okeefe". */
  readonly emailLocal: string;
  /** A free mail provider, for `email`. */
  readonly freeDomain: string;
  readonly username: string;
  /** The local part of a work address: "aokeefe". */
  readonly workLocal: string;
  readonly companyDomain: string;
  /** A provider or the company's domain, for `string.mail.random`. */
  readonly mailDomain: string;
  /** The number of an avatar image (1 to 70). */
  readonly avatar: number;
  readonly jobTitle: string;
}

/** Names with their slugs, side by side, for drawing both with one pick. */
interface Names {
  readonly names: readonly string[];
  readonly slugs: readonly string[];
}

function names(list: readonly string[], fallback: string): Names {
  return { names: list, slugs: list.map((name) => slug(name) || fallback) };
}

const FEMALE = names(definitions.person.first_name?.female ?? FIRST_NAMES, 'user');
const MALE = names(definitions.person.first_name?.male ?? FIRST_NAMES, 'user');
const ANY = names(FIRST_NAMES, 'user');
const LAST = names(LAST_NAMES, 'name');

/**
 * A person: gender and name at once, the rest in stages at first use. One is reused for the
 * persons of many objects (`reset`), its stream too: generating a body makes no person object.
 */
class DrawnPerson implements Person {
  gender = '';
  firstName = '';
  lastName = '';
  #seed = 0;
  readonly #random: Random;
  #first = '';
  #last = '';
  #stage = 0;
  #emailLocal = '';
  #freeDomain = '';
  #username = '';
  #workLocal = '';
  #companyDomain = '';
  #mailDomain = '';
  #avatar = 0;
  #jobTitle = '';

  /** `random` is the person's stream, started from the seed at the first stage drawn. */
  constructor(random: Random) {
    this.#random = random;
  }

  /** Makes this the person of `seed`: gender and name come straight from it, the rest at need. */
  reset(seed: number): this {
    this.#seed = seed;
    this.#stage = 0;
    this.gender = GENDERS[mix32(seed ^ 0x1b873593) % GENDERS.length] as string;
    const given = this.gender === 'Female' ? FEMALE : this.gender === 'Male' ? MALE : ANY;
    const i = mix32(seed ^ 0x2f8a1c3d) % given.names.length;
    const j = mix32(seed ^ 0x5bd1e995) % LAST.names.length;
    this.firstName = given.names[i] as string;
    this.#first = given.slugs[i] as string;
    this.lastName = LAST.names[j] as string;
    this.#last = LAST.slugs[j] as string;
    return this;
  }

  get fullName(): string {
    return `${this.firstName} ${this.lastName}`;
  }

  get initials(): string {
    return `${this.firstName.charAt(0)}${this.lastName.charAt(0)}`.toUpperCase();
  }

  /** Draws the stages up to `stage`, each once, always in the same order. */
  #reach(stage: number): void {
    if (this.#stage >= stage) return;
    const random = this.#random;
    if (this.#stage === 0) random.derive(this.#seed, 1);
    while (this.#stage < stage) {
      this.#stage++;
      switch (this.#stage) {
        case 1:
          this.#emailLocal = emailLocalFrom(random, this.#first, this.#last);
          this.#freeDomain = random.pick(FREE_EMAIL_DOMAINS);
          break;
        case 2:
          this.#username = usernameFrom(random, this.#first, this.#last);
          break;
        case 3:
          this.#workLocal = workLocalFrom(random, this.#first, this.#last);
          this.#companyDomain = companyDomain(random);
          this.#mailDomain = random.bool(0.8) ? random.pick(PROVIDERS) : this.#companyDomain;
          break;
        default:
          this.#avatar = random.int(1, 70);
          this.#jobTitle = `${random.pick(SENIORITIES)}${random.pick(ROLES)}`;
      }
    }
  }

  get emailLocal(): string {
    this.#reach(1);
    return this.#emailLocal;
  }
  get freeDomain(): string {
    this.#reach(1);
    return this.#freeDomain;
  }
  get username(): string {
    this.#reach(2);
    return this.#username;
  }
  get workLocal(): string {
    this.#reach(3);
    return this.#workLocal;
  }
  get companyDomain(): string {
    this.#reach(3);
    return this.#companyDomain;
  }
  get mailDomain(): string {
    this.#reach(3);
    return this.#mailDomain;
  }
  get avatar(): number {
    this.#reach(4);
    return this.#avatar;
  }
  get jobTitle(): string {
    this.#reach(4);
    return this.#jobTitle;
  }
}

/** Draws a person whose every attribute follows from their gender and name. */
export function drawPerson(seed: number): Person {
  return new DrawnPerson(new Random(0, 0, 0, 0, 0)).reset(seed);
}

/**
 * The person and the place of one object, each drawn at its first use. A compiled object keeps
 * one and resets it for each object it generates; its person and the streams are reused.
 */
export class RecordDraws {
  #seed: number;
  readonly #country: string | undefined;
  #person: DrawnPerson | undefined;
  #personDrawn = false;
  #place: DrawnPlace | undefined;
  #placeDrawn = false;

  /**
   * `seed` is one 32-bit draw of the body's stream; `country` restricts the place to one
   * country (`US` when the object holds a type that only the United States has, such as a ZIP code).
   */
  constructor(seed: number, country?: string) {
    this.#seed = seed;
    this.#country = country;
  }

  /**
   * Makes this the record of another object, seeded by `seed`: a compiled object reuses one
   * record for each body it generates (generation is synchronous and bodies keep no record).
   */
  reset(seed: number): this {
    this.#seed = seed;
    this.#personDrawn = false;
    this.#placeDrawn = false;
    return this;
  }

  get person(): Person {
    this.#person ??= new DrawnPerson(new Random(0, 0, 0, 0, 0));
    if (!this.#personDrawn) {
      this.#person.reset(this.#seed);
      this.#personDrawn = true;
    }
    return this.#person;
  }

  get place(): Place {
    this.#place ??= new DrawnPlace();
    if (!this.#placeDrawn) {
      this.#place.reset(this.#seed, this.#country);
      this.#placeDrawn = true;
    }
    return this.#place;
  }
}
