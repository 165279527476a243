import type { Faker } from '@faker-js/faker';
import type { JsonObject, JsonValue } from '../json.ts';
import type { Random } from '../random.ts';
import type { DataKind } from './info.ts';
import type { RecordDraws } from './record.ts';

/** What a data type yields (the first segment of a dotted type name) lives with the plain data. */
export type { DataKind };

/** The JSON value each kind yields. */
export interface KindValue {
  string: string;
  number: number;
  boolean: boolean;
  array: JsonValue[];
  object: JsonObject;
}

/**
 * Everything a generator may draw from. `random` is the seedable source; `faker` is a faker
 * instance whose randomness comes from `random` and whose reference date is `now`, so that even
 * generators that go through faker's API are reproducible under a seed.
 */
export interface GenContext {
  readonly random: Random;
  readonly faker: Faker;
  /** The reference time (ms since the epoch) that relative dates ("recent", "future") start from. */
  readonly now: number;
  /**
   * The person and place of the object being generated, when a compiled template draws one for
   * it (template/records.ts); absent elsewhere, where a type of the person or the place draws its
   * value on its own, as it always has.
   */
  record?: RecordDraws;
}

/** Produces one fresh value of a data type. */
export type Generate<K extends DataKind = DataKind> = (ctx: GenContext) => KindValue[K];

/** One entry of the data-type catalogue. */
export interface DataType<K extends DataKind = DataKind> {
  /** The name written in a template: a basic name (`uuid`) or `kind.category.name`. */
  readonly name: string;
  readonly kind: K;
  /** The group the type belongs to: `basic`, `name`, `address`, ... */
  readonly category: string;
  /** One line saying what the value is. */
  readonly description: string;
  /** A typical value, shown in the pickers and the documentation. */
  readonly example: KindValue[K];
  readonly generate: Generate<K>;
  /**
   * Set on the types whose value comes from the object's person or place: an object that holds
   * one (or whose nested objects do) gets a record drawn for it.
   */
  readonly draws?: 'person' | 'place';
  /** Set on the types only one country has (`US` for a ZIP code): the object's place is there. */
  readonly country?: string;
}

/** `type`, marked as reading the object's person or place (see {@link DataType.draws}). */
export function ofRecord(type: DataType, draws: 'person' | 'place', country?: string): DataType {
  return country === undefined ? { ...type, draws } : { ...type, draws, country };
}

/**
 * Returns a helper that declares the types of one catalogue group:
 * `t('string', 'fullname', 'A full name', 'Jane Doe', gen)` declares `string.<category>.fullname`.
 * The kind ties the example and the generator's result to the right JSON type at compile time.
 */
export function typeGroup(category: string) {
  return <K extends DataKind>(
    kind: K,
    shortName: string,
    description: string,
    example: KindValue[K],
    generate: Generate<K>,
  ): DataType =>
    ({
      name: `${kind}.${category}.${shortName}`,
      kind,
      category,
      description,
      example,
      generate,
    }) as DataType;
}
