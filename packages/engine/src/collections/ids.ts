/**
 * A record's id as a call gives it: in its path (a 404 when it cannot name a record) or in its
 * body (a 400: the client wrote it as data), read as the collection's ids are (whole numbers or
 * uuids). Pure.
 */
import { ErrorCode, type JsonObject, type JsonValue } from '@mocksmith/core';
import { type CollectionDefinition, ID_FIELD, type IdKind } from '@mocksmith/core/collections';
import { isUuid } from '@mocksmith/core/ids';
import { type Refuse, refusal } from './refusal.ts';

const INT_SHAPE = /^[1-9][0-9]{0,14}$/;

const idsText = (kind: IdKind) => (kind === 'int' ? 'whole numbers (1, 2, 3...)' : 'uuids');

/**
 * The id in a record's path, as the collection's ids are. A path that cannot name one of its
 * records (`/users/abc` where ids count 1, 2, 3) names none: 404, as json-server and any REST
 * server answer a URL with nothing behind it, saying what its ids look like. Only an id a body
 * gives is malformed (400): the client wrote it as data.
 */
export function pathId(
  collection: CollectionDefinition,
  kind: IdKind,
  raw: string,
  refuse: Refuse = refusal,
): string | number {
  if (kind === 'int') {
    if (INT_SHAPE.test(raw)) return Number(raw);
  } else if (isUuid(raw)) return raw;
  throw refuse(
    ErrorCode.RECORD_NOT_FOUND,
    `${collection.name} has no record with the id ${JSON.stringify(raw.slice(0, 80))}: its ids are ${idsText(kind)}`,
  );
}

/** An id a body gives, as the collection's ids are: 400 when it cannot be one. */
export function checkedId(
  collection: CollectionDefinition,
  kind: IdKind,
  given: JsonValue,
  refuse: Refuse = refusal,
): string | number {
  if (kind === 'int' && typeof given === 'number' && Number.isSafeInteger(given) && given > 0) {
    return given;
  }
  if (kind === 'uuid' && typeof given === 'string' && isUuid(given)) return given;
  throw refuse(
    ErrorCode.INVALID_ID,
    `${JSON.stringify(given).slice(0, 80)} is not an id of ${collection.name}: its ids are ${idsText(kind)}`,
  );
}

/** The refusal of a record the session does not have: 404 naming its id. */
export function recordNotFound(
  collection: CollectionDefinition,
  id: string | number,
  refuse: Refuse = refusal,
): Error {
  return refuse(
    ErrorCode.RECORD_NOT_FOUND,
    `${collection.name} has no record with the id ${JSON.stringify(id)}`,
  );
}

/** A body without its id (the same object when it has none). */
export function withoutId(body: JsonObject): JsonObject {
  if (!(ID_FIELD in body)) return body;
  const { [ID_FIELD]: _id, ...rest } = body;
  return rest;
}
