/**
 * The body of a write, read and checked against the collection's template. Pure.
 */
import { ErrorCode, isJsonObject, type JsonObject, messages } from '@mocksmith/core';
import {
  type CollectionCall,
  checkRecord,
  ID_FIELD,
  type IdKind,
  recordKey,
} from '@mocksmith/core/collections';
import { checkedId } from './ids.ts';
import { type Refuse, refusal } from './refusal.ts';

/** The body of a write, read and checked against the template: 415, 413, 400 or 422. */
export function checkedBody(call: CollectionCall, refuse: Refuse = refusal): JsonObject {
  const { bodyProblem, collection } = call;
  if (bodyProblem === 'not-json') {
    throw refuse(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `A record is sent as JSON (Content-Type: application/json), not ${call.contentType ? `"${call.contentType.slice(0, 80)}"` : 'without a type'}`,
    );
  }
  if (bodyProblem === 'too-large') {
    throw refuse(ErrorCode.BODY_TOO_LARGE, 'A record holds at most 65536 bytes (64 KB) of JSON');
  }
  if (bodyProblem === 'too-deep') throw refuse(ErrorCode.BODY_TOO_DEEP, messages.bodyTooDeep);
  if (bodyProblem === 'invalid-json') {
    throw refuse(ErrorCode.INVALID_BODY, 'The body is not valid JSON');
  }
  const checked = checkRecord(collection.template, call.body, {
    unknownFields: collection.unknownFields,
    partial: call.method === 'PATCH',
  });
  if (!checked.ok) {
    throw refuse(
      ErrorCode.RECORD_INVALID,
      `The record does not fit ${collection.name}: ${checked.problems
        .slice(0, 5)
        .map((p) => p.message)
        .join('; ')}`,
      { details: checked.problems },
    );
  }
  return checked.value;
}

/**
 * The body of a POST, PUT or PATCH, checked before anything is read or written: its id first
 * (one of the wrong type is a 400 whatever else the body holds; a PUT or PATCH keeps the path's),
 * then the record.
 */
export function checkedWrite(
  call: CollectionCall,
  method: string,
  kind: IdKind,
  id: string | number | null,
  refuse: Refuse = refusal,
): JsonObject {
  const given = isJsonObject(call.body) ? call.body[ID_FIELD] : undefined;
  if (given !== undefined && method === 'POST') checkedId(call.collection, kind, given, refuse);
  if (given !== undefined && method !== 'POST' && recordKey(given) !== String(id)) {
    throw refuse(
      ErrorCode.INVALID_ID,
      `The body's id ${JSON.stringify(given).slice(0, 80)} is not the path's ${JSON.stringify(id)}: a ${method} keeps the record's id`,
    );
  }
  return checkedBody(call, refuse);
}
