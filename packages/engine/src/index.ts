/**
 * @mocksmith/engine: the one pipeline that answers a mock call (DESIGN.md §4b), for the server
 * and the command-line runner alike. Its public surface; the only barrel file of the package.
 */
export {
  type AdmittableApi,
  type AdmittableProject,
  admit,
  admitStopped,
  admitToken,
  type CollectionAccess,
  collectionAccess,
  resetAccess,
  stricter,
} from './admit.ts';
export {
  genericBody,
  previewResponse,
  type RenderableResponse,
  renderAnswer,
  renderResponse,
} from './answer.ts';
export {
  type Answer,
  type Chosen,
  type MockAnswer,
  type MockCall,
  newCall,
  type SentAnswer,
  type Shape,
  type StreamAnswer,
} from './call.ts';
export {
  type CallTiming,
  type CapturableCollection,
  type CapturableProject,
  type CapturableRoute,
  capture,
  headerText,
  sessionNamed,
} from './capture.ts';
export { type ChoosableResponse, type ChoosableRoute, choose } from './choose.ts';
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
export {
  type CompiledResponse,
  type CompiledRoute,
  compileResponse,
  compileRoute,
  type RouteFacts,
} from './compile.ts';
export { createEngine, type Engine, type EnginePorts } from './engine.ts';
export {
  compileSpecResponses,
  type ForwardPort,
  type ForwardRequest,
  type ForwardSettings,
  forwardedHeaders,
  MAX_FORWARDED_BODY_BYTES,
  MAX_RECORDED_BODY_BYTES,
  type RecordedExchange,
  returnedHeaders,
  type SpecResponses,
  type UpstreamAnswer,
  type UpstreamMark,
  upstreamUrl,
} from './forward.ts';
export {
  createHandle,
  type Handle,
  type HandledCollection,
  type HandledProject,
  type HandledResponse,
  type HandledRoute,
  type HandleSteps,
} from './handle.ts';
export { MOCK_ANSWER_HEADERS, MOCK_CORS } from './host-headers.ts';
export { createMemoryLimits } from './memory-limits.ts';
export type {
  CallRecorder,
  CollectionAnswerer,
  ConsumerLimits,
  HostPorts,
  LargeAnswer,
  LargeAnswers,
  LimitVerdict,
} from './ports.ts';
export {
  type CollectionPlace,
  type CollectionTarget,
  collectionTarget,
  compileProjectTable,
  resetTarget,
} from './project-table.ts';
export {
  projectNotFound,
  RESET_PATH,
  type Resolution,
  type ResolvableProject,
  resolve,
  routeNotFound,
} from './resolve.ts';
export {
  compileRouteTable,
  type RouteMatch,
  type RouteTable,
  type TableRoute,
} from './route-table.ts';
export { consumerOf, delayAsked, type ShapeInput, shape } from './shape.ts';
export {
  problemAnswer,
  type ValidatedRoute,
  type ValidationMode,
  VIOLATIONS_HEADER,
  validate,
  withViolations,
} from './validate.ts';
