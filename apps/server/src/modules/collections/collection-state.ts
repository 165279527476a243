/**
 * The answer step of a collection's calls on this server: the engine's collection operations
 * (packages/engine/src/collections) over the PostgreSQL store (collections.repository.ts), with
 * the server's worker thread for large seedings and heavy lists; the engine refuses with core's
 * AppError, which the error handler answers as any other.
 */
import type { RawQuery } from '@mocksmith/core';
import {
  type CollectionOperationsOptions,
  createCollectionOperations,
  sessionOf as sessionNamed,
} from '@mocksmith/engine';
import { createWorkPool, type WorkPool } from '../../lib/work-pool.ts';
import type { CollectionsRepository } from './collections.repository.ts';

export type { CollectionAnswer, HeavyAnswerGate } from '@mocksmith/engine';

export interface CollectionStateOptions
  extends Omit<CollectionOperationsOptions, 'store' | 'worker' | 'refuse'> {
  repository: CollectionsRepository;
  /** The worker of seeded records and heavy lists (default: one of its own, closed with it). */
  pool?: WorkPool;
}

/** The session a call names: `X-Mock-Session`, else `?__session`, else the shared state (''). */
export function sessionOf(header: string | string[] | undefined, query: RawQuery): string {
  return sessionNamed(header, query);
}

export function createCollectionState({ repository, pool, ...options }: CollectionStateOptions) {
  const work = pool ?? createWorkPool();
  const operations = createCollectionOperations({
    ...options,
    store: repository,
    worker: work,
  });
  return {
    ...operations,
    /** Stops the worker of seeded records and heavy lists, when it is this state's own. */
    close: async () => {
      if (!pool) await work.close();
    },
  };
}

export type CollectionState = ReturnType<typeof createCollectionState>;
