/**
 * The background work of collections, a port its host may fill (the server's worker thread): a
 * collection's seeded records, and heavy list answers made where the records already are.
 * Without one, the engine does both on the calling thread (the command-line runner).
 */
import type { JsonObject, JsonValue, RawQuery } from '@mocksmith/core';
import type { ListRelation } from '@mocksmith/core/collections';

/** Seeded records of a template (core's seedRecords). */
export interface SeedInput {
  template: JsonObject;
  seed: string;
  count: number;
  /** The values each `ref:COLLECTION.FIELD` of the template draws from, by `COLLECTION.FIELD`. */
  refs: Record<string, JsonValue[]>;
}

/** An array of records a list job reads: its stamp, and the records unless the worker has them. */
export interface HeldRecords {
  stamp: number;
  records?: readonly JsonObject[];
}

/** A list answer (core's answerList) over held records. */
export interface ListInput {
  view: HeldRecords;
  query: RawQuery;
  pageUrl: string;
  relations: (Omit<ListRelation, 'records'> & { view: HeldRecords })[];
  maxBytes: number;
}

/** Where seeded records and heavy lists are made off the calling thread. */
export interface CollectionWorker {
  /** The seeded records of a template. */
  seed(input: SeedInput): Promise<JsonObject[]>;
  /** A list answer: its headers and its body as UTF-8; throws the refusal of a bad query. */
  list(input: ListInput): Promise<{ headers: Record<string, string>; body: Buffer }>;
}
