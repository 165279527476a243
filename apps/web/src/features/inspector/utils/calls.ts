import type { LoggedCallView } from '@mocksmith/core/inspector';

/** The most calls the page holds: the log keeps no more per project or API. */
export const MAX_CALLS = 1000;

/**
 * The calls of both lists, each once, newest first (by id: the log numbers them as it writes
 * them), at most `MAX_CALLS`.
 */
export function mergeCalls(...lists: readonly (readonly LoggedCallView[])[]): LoggedCallView[] {
  const byId = new Map<number, LoggedCallView>();
  for (const list of lists) {
    for (const call of list) if (!byId.has(call.id)) byId.set(call.id, call);
  }
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, MAX_CALLS);
}

/** `calls` with `arrived` (oldest first) put on top, at most `MAX_CALLS`. */
export function prependCalls(
  calls: readonly LoggedCallView[],
  arrived: readonly LoggedCallView[],
): LoggedCallView[] {
  return [...[...arrived].reverse(), ...calls].slice(0, MAX_CALLS);
}
