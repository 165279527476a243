/**
 * A worker for the pool's tests: answers `{ id, value }` after `waitMs`, or exits with code 3,
 * or holds its thread (`spin`) past any time limit.
 */
import { parentPort } from 'node:worker_threads';

interface EchoJob {
  id: number;
  value: string;
  waitMs?: number;
  exit?: boolean;
  spin?: boolean;
}

parentPort?.on('message', (job: EchoJob) => {
  if (job.exit) process.exit(3);
  if (job.spin) for (;;);
  setTimeout(() => parentPort?.postMessage({ id: job.id, value: job.value }), job.waitMs ?? 0);
});
