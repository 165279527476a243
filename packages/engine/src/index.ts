/**
 * @mocksmith/engine: the one pipeline that answers a mock call (DESIGN.md §4b), for the server
 * and the command-line runner alike. Its public surface; the only barrel file of the package.
 */

// The answer step of collections, over the collection state store (a port), and the store in memory.
export type { CollectionAnswer } from './collections/answer.ts';
export type { HeavyAnswerGate } from './collections/list-answers.ts';
export { createMemoryCollectionStore } from './collections/memory-store.ts';
export {
  type CollectionOperations,
  type CollectionOperationsOptions,
  createCollectionOperations,
} from './collections/operations.ts';
export {
  CollectionRefusal,
  type RefusalExtra,
  type Refuse,
  refusal,
} from './collections/refusal.ts';
export { sessionOf } from './collections/session-name.ts';
export type {
  ChangedRecord,
  ChangedRow,
  CollectionStore,
  FreedBytes,
  LockedState,
  SessionMaker,
  SessionSummary,
  StateKey,
  StateTransaction,
} from './collections/store.ts';
export type {
  CollectionWorker,
  HeldRecords,
  ListInput,
  SeedInput,
} from './collections/worker.ts';
