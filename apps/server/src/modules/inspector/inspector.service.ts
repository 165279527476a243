/**
 * The request inspector's rules: whose call log a user may read (through the access port),
 * that every node writes what it holds before a read, and how many live views one account may
 * keep open on a node. HTTP stays in the routes; the calls' wire shape in the presenter.
 */
import { ErrorCode } from '@mocksmith/core';
import { type CallOwner, type LoggedCall, ownerIdOf } from '@mocksmith/core/inspector';
import type { Access, AccessSession } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { InspectorRepository, RequestFilters } from './inspector.repository.ts';
import type { LiveListener, RequestLog } from './request-log.ts';

/** The live feeds an account may have open at once on a node. */
export const MAX_LIVE_STREAMS = 10;

/** A call log: a project's, or a stand-alone API's (a route's calls are its project's). */
export interface LogRef {
  kind: 'project' | 'stand-alone-api';
  id: string;
}

export interface InspectorServiceDeps {
  repository: InspectorRepository;
  log: RequestLog;
  /** Whose projects and stand-alone APIs are whose (lib/access.ts). */
  access: Access;
  /**
   * Has every node write the calls it holds, settling once they did (the verification API reads
   * after it); by default this node's log alone.
   */
  writeEverywhere?: () => Promise<void>;
}

/** What a list or a count read, and the calls that could not be kept meanwhile. */
interface Completeness {
  /** Calls not kept (since `filters.since`, or since the log was cleared). */
  dropped: number;
}

/** A live view admitted: watch once the feed is ready to write, close when its reader leaves. */
export interface LiveView {
  /** Starts hearing the owner's calls as they come, on whichever node they are answered. */
  watch(listener: LiveListener): { ready: Promise<void> };
  /** Stops hearing and gives the account's view back. */
  close(): void;
}

export function createInspectorService({
  repository,
  log,
  access,
  writeEverywhere = () => log.flush({ all: true }),
}: InspectorServiceDeps) {
  // The live feeds open on this node, by account (its projects' and APIs' together).
  const streams = new Map<string, number>();

  /** The log's owner if it is the user's; throws the access port's 404 otherwise. */
  const ownerOf = async (user: AccessSession, ref: LogRef): Promise<CallOwner> => {
    if (ref.kind === 'project') {
      const project = await access.requireAccess(user, { kind: 'project', id: ref.id });
      return { projectId: project.id, apiId: null };
    }
    const api = await access.requireAccess(user, { kind: 'stand-alone-api', id: ref.id });
    return { projectId: null, apiId: api.id };
  };

  return {
    /**
     * The log's calls matching `filters`, newest first, at most `limit`, after every node wrote
     * what it holds. Throws 404 when the log is not the user's.
     */
    async list(
      user: AccessSession,
      ref: LogRef,
      filters: RequestFilters,
      limit: number,
    ): Promise<Completeness & { requests: LoggedCall[] }> {
      const owner = await ownerOf(user, ref);
      await writeEverywhere();
      const [requests, dropped] = await Promise.all([
        repository.list(owner, filters, limit),
        repository.dropped(owner, filters.since),
      ]);
      return { requests, dropped };
    },

    /** How many of the log's calls match `filters`, as `list` reads them. Throws 404 as it. */
    async count(
      user: AccessSession,
      ref: LogRef,
      filters: RequestFilters,
    ): Promise<Completeness & { count: number }> {
      const owner = await ownerOf(user, ref);
      await writeEverywhere();
      const [count, dropped] = await Promise.all([
        repository.count(owner, filters),
        repository.dropped(owner, filters.since),
      ]);
      return { count, dropped };
    },

    /** Clears the log, every node's calls written first. Throws 404 as `list`. */
    async clear(user: AccessSession, ref: LogRef): Promise<void> {
      const owner = await ownerOf(user, ref);
      await writeEverywhere();
      await repository.clear(owner);
    },

    /** One call of the log. Throws 404 when the log is not the user's, or has no such call. */
    async one(user: AccessSession, ref: LogRef, requestId: number): Promise<LoggedCall> {
      const owner = await ownerOf(user, ref);
      const found = await repository.one(owner, requestId);
      if (!found) {
        const noun = ref.kind === 'project' ? 'project' : 'API';
        throw new AppError(
          ErrorCode.NOT_FOUND,
          `This ${noun} has no logged call with the id ${requestId}`,
        );
      }
      return found;
    },

    /**
     * Admits a live view of the log: 404 when it is not the user's, 429 past MAX_LIVE_STREAMS
     * of the account open on this node. The view counts until it is closed.
     */
    async openLive(user: AccessSession, ref: LogRef): Promise<LiveView> {
      const owner = await ownerOf(user, ref);
      const open = streams.get(user.id) ?? 0;
      if (open >= MAX_LIVE_STREAMS) {
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          `You have ${MAX_LIVE_STREAMS} live views of your calls open, the most at once: close one (another tab or window) and try again`,
          { headers: { 'Retry-After': '10' } },
        );
      }
      streams.set(user.id, open + 1);
      let stop = () => {};
      return {
        watch(listener) {
          const watching = log.watch(ownerIdOf(owner), listener);
          stop = () => watching.stop();
          return { ready: watching.ready };
        },
        close() {
          stop();
          const left = (streams.get(user.id) ?? 1) - 1;
          if (left > 0) streams.set(user.id, left);
          else streams.delete(user.id);
        },
      };
    },
  };
}

export type InspectorService = ReturnType<typeof createInspectorService>;
