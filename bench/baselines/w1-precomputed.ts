/** Baseline W1: the same ~1 KiB body as the W1 template, encoded once at start. */
import { W1_BODY } from '../workloads.ts';
import { serveJson } from './serve.ts';

const body = Buffer.from(W1_BODY);

serveJson(() => body);
