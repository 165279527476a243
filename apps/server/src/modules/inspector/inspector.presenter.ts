/**
 * The inspector's wire shapes: a logged call as the API and the live feeds show it (no owner
 * ids, the time as ISO 8601), and the list's query in the log's words.
 */
import type { LoggedCall, LoggedCallView, requestFiltersSchema } from '@mocksmith/core/inspector';
import type { z } from 'zod';
import type { RequestFilters } from './inspector.repository.ts';

type RequestFiltersQuery = z.infer<typeof requestFiltersSchema>;

/** A logged call as the API answers it. */
export function toLoggedCallView(entry: LoggedCall): LoggedCallView {
  const { projectId: _projectId, apiId: _apiId, at, ...rest } = entry;
  return {
    ...rest,
    at: at.toISOString(),
    violations: entry.violations ?? null,
    drift: entry.drift ?? null,
  };
}

/** The list's query, in the log's words. */
export function filtersOf(query: RequestFiltersQuery): RequestFilters {
  return {
    method: query.method,
    path: query.path,
    status: query.status,
    session: query.session,
    since: query.since ? new Date(query.since) : undefined,
    after: query.after,
    text: query.q,
  };
}

/**
 * A call as an event of the live feeds, made once for all the feeds that show it (an entry is
 * one object on this node, whoever watches it): its bytes, which each feed writes as they are
 * rather than encoding a string of its own.
 */
const events = new WeakMap<LoggedCall, Buffer>();
export function eventOf(entry: LoggedCall): Buffer {
  let bytes = events.get(entry);
  if (bytes === undefined) {
    bytes = Buffer.from(
      `id: ${entry.id}\nevent: request\ndata: ${JSON.stringify(toLoggedCallView(entry))}\n\n`,
    );
    events.set(entry, bytes);
  }
  return bytes;
}
