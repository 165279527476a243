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
  /**
   * The stream the objects' records are seeded from, apart from `random` so that drawing a
   * record moves no other value (template/records.ts); `random` where absent.
   */
  readonly records?: Random;
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

/**
 * The draws a type's generator made before records, without building its value: it moves
 * `random` exactly as that generator does (see {@link ofRecord}).
 */
export type OldDraws = (random: Random) => void;

/** The old draws of a type whose generator takes one value of `random` (a pick, an int, a float). */
export const ONE_DRAW: OldDraws = (random) => void random.uint32();

/**
 * `type`, marked as reading the object's person or place (see {@link DataType.draws}). A type that
 * existed before records (`existed`) still makes its own draw in a record, discarded, before it
 * reads the record: `random` then moves as it always did, so every other field of a template gives
 * for a seed what it gave before records. Given as {@link OldDraws}, that draw builds no value (the
 * common types: a discarded name or address costs as much as the record's); given as `true`, the
 * old generator runs and its value is dropped. A new type (`false`) reads the record alone.
 */
export function ofRecord(
  type: DataType,
  draws: 'person' | 'place',
  country?: string,
  existed: boolean | OldDraws = true,
): DataType {
  const generate =
    existed === false
      ? type.generate
      : existed === true
        ? drawingAlone(type.generate)
        : drawingFirst(existed, type.generate);
  return country === undefined
    ? { ...type, generate, draws }
    : { ...type, generate, draws, country };
}

/** `generate`, first drawing as it does outside a record when in one (see {@link ofRecord}). */
function drawingAlone<K extends DataKind>(generate: Generate<K>): Generate<K> {
  return (c) => {
    const record = c.record;
    if (record === undefined) return generate(c);
    c.record = undefined;
    generate(c);
    c.record = record;
    return generate(c);
  };
}

/** `generate`, first making `old` draws when in a record (see {@link ofRecord}). */
function drawingFirst<K extends DataKind>(old: OldDraws, generate: Generate<K>): Generate<K> {
  return (c) => {
    if (c.record !== undefined) old(c.random);
    return generate(c);
  };
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
