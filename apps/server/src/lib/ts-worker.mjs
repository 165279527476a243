// Starts a worker thread written in TypeScript when the server runs from its sources (tsx in
// development, Vitest in tests): registers tsx in this thread, then loads `workerData.entry`.
// The production build bundles each worker to JavaScript, which starts without this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
