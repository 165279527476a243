/**
 * The inspector's wire shapes: a logged call as the API and the live feeds show it (no owner
 * ids, the time as ISO 8601), and the list's query in the log's words.
 */
import type { LoggedRequestView, requestFiltersSchema } from '@mocksmith/core/inspector';
import type { z } from 'zod';
import type { RequestFilters } from './inspector.repository.ts';
import type { LoggedRequest } from './request-log.ts';

type RequestFiltersQuery = z.infer<typeof requestFiltersSchema>;

/** A logged call as the API answers it. */
export function toLoggedRequest(entry: LoggedRequest): LoggedRequestView {
  const { projectId: _projectId, apiId: _apiId, at, ...rest } = entry;
  return { ...rest, at: at.toISOString() };
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
const events = new WeakMap<LoggedRequest, Buffer>();
export function eventOf(entry: LoggedRequest): Buffer {
  let bytes = events.get(entry);
  if (bytes === undefined) {
    bytes = Buffer.from(
      `id: ${entry.id}\nevent: request\ndata: ${JSON.stringify(toLoggedRequest(entry))}\n\n`,
    );
    events.set(entry, bytes);
  }
  return bytes;
}
