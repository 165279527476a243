/**
 * The decisions of a write, pure: the record a PUT or PATCH makes, what a change costs against
 * the owner's bytes, whether that cost is refused, and the state's figures after it.
 */
import { ErrorCode, type JsonObject, type JsonValue } from '@mocksmith/core';
import { ID_FIELD } from '@mocksmith/core/collections';
import { withoutId } from './ids.ts';
import type { Refuse } from './refusal.ts';
import type { ChangedRow, FreedBytes, LockedState } from './store.ts';

/**
 * What a changed record's row costs against the account's bytes beside its JSON: a deleted
 * seeded record (a row without a value) is not free, so deletes cannot grow the table unbounded.
 */
export const ROW_COST = 64;

/** A change of the owner's usage: in all, and in the part anonymous calls wrote. */
export interface UsageChange {
  delta: number;
  anonymousDelta: number;
}

/** The bounds of an owner's stored state. */
export interface UsageBounds {
  /** The most bytes of state an owner stores. */
  maxOwnerBytes: number;
  /** The most of those bytes calls without the owner's credentials may write. */
  maxAnonymousBytes: number;
}

/** A changed record's cost: its JSON and its row. */
export const costOf = (row: ChangedRow | undefined) =>
  row === undefined ? 0 : row.bytes + ROW_COST;

/**
 * What replacing `row` with a row of `cost` bytes changes in the owner's usage: in all, and in
 * the part anonymous calls wrote (a row is charged to whoever wrote it last).
 */
export const changeOf = (
  row: ChangedRow | undefined,
  cost: number,
  anonymous: boolean,
): UsageChange => {
  const old = costOf(row);
  return {
    delta: cost - old,
    anonymousDelta: (anonymous ? cost : 0) - (row?.anonymous ? old : 0),
  };
};

/** The record a PUT (the body, the path's id) or a PATCH (the body over the record) makes. */
export function replacement(
  method: string,
  id: string | number,
  current: JsonObject,
  body: JsonObject,
): JsonObject {
  return method === 'PUT'
    ? { [ID_FIELD]: id as JsonValue, ...withoutId(body) }
    : { ...current, ...withoutId(body), [ID_FIELD]: id as JsonValue };
}

/**
 * The refusal of a change that grows the owner's usage (`total`, after it) past the account's
 * bytes, or grows the anonymous calls' part past their share (409), else null.
 */
export function usageRefusal(
  total: FreedBytes,
  { delta, anonymousDelta }: UsageChange,
  { maxOwnerBytes, maxAnonymousBytes }: UsageBounds,
  refuse: Refuse,
): Error | null {
  if (delta > 0 && total.bytes > maxOwnerBytes) {
    return refuse(
      ErrorCode.STATE_LIMIT_REACHED,
      `This account's collections hold ${maxOwnerBytes} bytes of written records, their most: reset or delete sessions to make room`,
    );
  }
  if (anonymousDelta > 0 && total.anonymousBytes > maxAnonymousBytes) {
    return refuse(
      ErrorCode.STATE_LIMIT_REACHED,
      `Calls without a token hold ${maxAnonymousBytes} bytes of this account's written records, the most they may (${Math.round((maxAnonymousBytes / maxOwnerBytes) * 100)}% of its ${maxOwnerBytes}): send the project's token (Authorization: Bearer) to write more, or reset or delete sessions to make room`,
    );
  }
  return null;
}

/**
 * The state's figures after a record is written: `added` with its id when it is new (the next
 * whole-number id passes it), `newRow` when the record had no row.
 */
export function stateAfterWrite(
  state: LockedState,
  change: UsageChange,
  { added, newRow }: { added: { id: string | number } | null; newRow: boolean },
): Omit<LockedState, 'version'> {
  const id = added?.id;
  return {
    nextId: typeof id === 'number' ? Math.max(state.nextId, id + 1) : state.nextId,
    count: state.count + (added ? 1 : 0),
    bytes: state.bytes + change.delta,
    anonymousBytes: state.anonymousBytes + change.anonymousDelta,
    changed: state.changed + (newRow ? 1 : 0),
  };
}

/**
 * What deleting a record changes: a seeded record keeps a row without a value (ROW_COST), an
 * added one leaves nothing; the count of changed records moves with the rows.
 */
export function removal(
  row: ChangedRow | undefined,
  wasSeeded: boolean,
  anonymous: boolean,
): { change: UsageChange; changed: number } {
  let changed = 0;
  if (wasSeeded && row === undefined) changed++;
  if (!wasSeeded && row !== undefined) changed--;
  return { change: changeOf(row, wasSeeded ? ROW_COST : 0, anonymous), changed };
}
