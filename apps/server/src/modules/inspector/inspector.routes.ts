/**
 * The request inspector and the verification API of a project and of a stand-alone API, in the
 * signed-in scope: its calls (newest first, filtered), their count, one of them, clearing them,
 * and a live feed (server-sent events), under `/backend/projects/{id}/requests` and
 * `/backend/apis/{id}/requests`. Only the owner sees them: another user's is a 404.
 */

import type { ServerResponse } from 'node:http';
import { ErrorCode, errorBodySchema } from '@mocksmith/core';
import {
  type CallOwner,
  type LoggedRequestView,
  loggedRequestSchema,
  ownerIdOf,
  requestCountSchema,
  requestFiltersSchema,
  requestListSchema,
} from '@mocksmith/core/inspector';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { getUser } from '../../plugins/session.ts';
import type { InspectorRepository, RequestFilters } from './inspector.repository.ts';
import type { LoggedRequest, RequestLog } from './request-log.ts';

export interface InspectorRoutesOptions {
  repository: InspectorRepository;
  log: RequestLog;
  /**
   * Has every node write the calls it holds, settling once they did (the verification API reads
   * after it); by default this node's log alone.
   */
  writeEverywhere?: () => Promise<void>;
  /** Whose projects and stand-alone APIs are whose (lib/access.ts). */
  access: Access;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
/** A comment line every this often keeps the live feed's connection open through proxies. */
const HEARTBEAT_MS = 15_000;
/**
 * The bytes a live feed's reader may fall behind by: past them, calls are skipped (counted, and
 * said as an event `skipped` once it reads again), so a reader that stops reading costs the
 * server this much, not every call that follows.
 */
const LIVE_BUFFER_BYTES = 256 * 1024;
/** The events of a live feed that wait while every node learns of it, at most. */
const EARLY_EVENTS = 100;
/** The live feeds an account may have open at once on a node. */
export const MAX_LIVE_STREAMS = 10;

export function toLoggedRequest(entry: LoggedRequest): LoggedRequestView {
  const { projectId: _projectId, apiId: _apiId, at, ...rest } = entry;
  return { ...rest, at: at.toISOString() };
}

/**
 * A call as an event of the live feeds, made once for all the feeds that show it (an entry is
 * one object on this node, whoever watches it): its bytes, which each feed writes as they are
 * rather than encoding a string of its own.
 */
const events = new WeakMap<LoggedRequest, Buffer>();
function eventOf(entry: LoggedRequest): Buffer {
  let bytes = events.get(entry);
  if (bytes === undefined) {
    bytes = Buffer.from(
      `id: ${entry.id}\nevent: request\ndata: ${JSON.stringify(toLoggedRequest(entry))}\n\n`,
    );
    events.set(entry, bytes);
  }
  return bytes;
}

/**
 * A live feed on a response: each event written while its reader keeps up (at most
 * LIVE_BUFFER_BYTES behind), the calls it fell behind on, or that a flood did not show, counted
 * and said as one event `skipped` (`{"skipped": N}`) once it has read what was written. Nothing
 * is written before `start` (the headers): the events of that moment wait, the first
 * EARLY_EVENTS of them.
 */
function liveFeed(socket: ServerResponse) {
  let started = false;
  let early: LoggedRequest[] = [];
  let skipped = 0;
  const sayGap = () => {
    if (!started || skipped === 0 || socket.writableLength > 0) return;
    socket.write(`event: skipped\ndata: ${JSON.stringify({ skipped })}\n\n`);
    skipped = 0;
  };
  socket.on('drain', sayGap);
  return {
    event(entry: LoggedRequest) {
      if (!started) {
        if (early.length < EARLY_EVENTS) early.push(entry);
        else skipped++;
      } else if (socket.writableLength > LIVE_BUFFER_BYTES) skipped++;
      else {
        sayGap();
        socket.write(eventOf(entry));
      }
    },
    skip(count: number) {
      skipped += count;
      sayGap();
    },
    heartbeat() {
      if (started && socket.writableLength === 0) socket.write(': keep-alive\n\n');
    },
    start() {
      socket.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      socket.write(': live\n\n');
      started = true;
      sayGap();
      for (const entry of early) socket.write(eventOf(entry));
      early = [];
    },
  };
}

/** What the routes of one kind (projects, or stand-alone APIs) say and how they find theirs. */
interface LogKind {
  /** The path's segment: `projects` or `apis`. */
  segment: string;
  /** `project` or `API`, in the summaries and messages. */
  noun: string;
  /** The owner's call log of the user's one with this id; throws its 404 when it is not theirs. */
  find(userId: string, id: string): Promise<CallOwner>;
}

export async function inspectorRoutes(
  app: FastifyInstance,
  {
    repository,
    log,
    access,
    writeEverywhere = () => log.flush({ all: true }),
  }: InspectorRoutesOptions,
) {
  const kinds: LogKind[] = [
    {
      segment: 'projects',
      noun: 'project',
      find: async (userId, id) => {
        const project = await access.requireAccess({ id: userId }, { kind: 'project', id });
        return { projectId: project.id, apiId: null };
      },
    },
    {
      segment: 'apis',
      noun: 'API',
      find: async (userId, id) => {
        const api = await access.requireAccess({ id: userId }, { kind: 'stand-alone-api', id });
        return { projectId: null, apiId: api.id };
      },
    },
  ];
  // The live feeds open on this node, by account (its projects' and APIs' together).
  const streams = new Map<string, number>();
  for (const kind of kinds) logRoutes(app, kind, { repository, log, writeEverywhere, streams });
}

/** The five routes of one kind's call log. */
function logRoutes(
  app: FastifyInstance,
  kind: LogKind,
  {
    repository,
    log,
    writeEverywhere,
    streams: streamsOf,
  }: {
    repository: InspectorRepository;
    log: RequestLog;
    writeEverywhere: () => Promise<void>;
    streams: Map<string, number>;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ session: [] }];
  const tags = ['Request inspector'];
  const base = `/backend/${kind.segment}/:id/requests`;
  const params = z.object({ id: z.string().describe(`The ${kind.noun}’s id`) });
  const theirs = `the ${kind.noun}’s`;
  const Theirs = `The ${kind.noun}’s`;

  const ownedOrThrow = (userId: string, id: string): Promise<CallOwner> => kind.find(userId, id);

  const filtersOf = (query: z.infer<typeof requestFiltersSchema>): RequestFilters => ({
    method: query.method,
    path: query.path,
    status: query.status,
    session: query.session,
    since: query.since ? new Date(query.since) : undefined,
    after: query.after,
    text: query.q,
  });

  routes.get(
    base,
    {
      schema: {
        tags,
        summary: `${Theirs} calls, newest first (the verification API)`,
        description: `The last 1,000 calls of the ${kind.noun}, kept 7 days, secrets masked. Filters: \`method\`, \`path\` (exact, or a prefix ending in \`*\`), \`status\`, \`session\` (empty: calls without one), \`since\` (ISO 8601), \`after\` (an id), \`q\` (text), \`limit\` (1 to 1,000, default 100). Every node writes the calls it holds before the answer. \`complete\` is false when some calls could not be kept (\`dropped\` says how many, since \`since\` or since the log was cleared).`,
        security,
        params,
        querystring: requestFiltersSchema,
        response: { 200: requestListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      await writeEverywhere();
      const filters = filtersOf(request.query);
      const [found, dropped] = await Promise.all([
        repository.list(owner, filters, request.query.limit),
        repository.dropped(owner, filters.since),
      ]);
      return { requests: found.map(toLoggedRequest), complete: dropped === 0, dropped };
    },
  );

  routes.get(
    `${base}/count`,
    {
      schema: {
        tags,
        summary: `How many of ${theirs} calls match the filters`,
        description:
          'The same filters as the list. Every node writes the calls it holds before the answer; `complete` is false when some calls could not be kept (`dropped` says how many).',
        security,
        params,
        querystring: requestFiltersSchema,
        response: { 200: requestCountSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      await writeEverywhere();
      const filters = filtersOf(request.query);
      const [count, dropped] = await Promise.all([
        repository.count(owner, filters),
        repository.dropped(owner, filters.since),
      ]);
      return { count, complete: dropped === 0, dropped };
    },
  );

  routes.delete(
    base,
    {
      schema: {
        tags,
        summary: `Clear ${theirs} calls`,
        security,
        params,
        response: { 204: z.null().describe('Cleared'), ...errors },
      },
    },
    async (request, reply) => {
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      await writeEverywhere();
      await repository.clear(owner);
      reply.code(204);
    },
  );

  routes.get(
    `${base}/live`,
    {
      schema: {
        tags,
        summary: `${Theirs} calls as they come (server-sent events)`,
        description:
          'Each call is an event `request` whose data is the call as JSON, on whichever node it was answered.',
        security,
        params,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const user = getUser(request);
      const owner = await ownedOrThrow(user.id, request.params.id);
      const open = streamsOf.get(user.id) ?? 0;
      if (open >= MAX_LIVE_STREAMS) {
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          `You have ${MAX_LIVE_STREAMS} live views of your calls open, the most at once: close one (another tab or window) and try again`,
          { headers: { 'Retry-After': '10' } },
        );
      }
      streamsOf.set(user.id, open + 1);
      reply.hijack();
      const feed = liveFeed(reply.raw);
      const watch = log.watch(ownerIdOf(owner), {
        entry: (entry) => feed.event(entry),
        // A flood's calls past what a person can follow, not shown live (they are in the log).
        unshown: (count) => feed.skip(count),
      });
      const heartbeat = setInterval(feed.heartbeat, HEARTBEAT_MS);
      let closed = false;
      request.raw.once('close', () => {
        closed = true;
        clearInterval(heartbeat);
        watch.stop();
        const left = (streamsOf.get(user.id) ?? 1) - 1;
        if (left > 0) streamsOf.set(user.id, left);
        else streamsOf.delete(user.id);
      });
      // Every node knows of this watch before the page shows it live: the calls made from then
      // on, wherever they are answered, reach it.
      await watch.ready;
      if (!closed) feed.start();
    },
  );

  routes.get(
    `${base}/:requestId`,
    {
      schema: {
        tags,
        summary: `One of ${theirs} calls`,
        security,
        params: params.extend({ requestId: z.coerce.number().int().min(1) }),
        response: { 200: loggedRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const owner = await ownedOrThrow(getUser(request).id, request.params.id);
      const found = await repository.one(owner, request.params.requestId);
      if (!found) {
        throw new AppError(
          ErrorCode.NOT_FOUND,
          `This ${kind.noun} has no logged call with the id ${request.params.requestId}`,
        );
      }
      return toLoggedRequest(found);
    },
  );
}
