/**
 * Baseline W2 (ii): ten users of the same shape from Math.random and crypto.randomUUID, with no
 * realism at all: the practical limit of building the body per request.
 */
import { plainUser } from '../baseline-users.ts';
import { W2_USERS } from '../workloads.ts';
import { serveJson } from './serve.ts';

serveJson(() => JSON.stringify(Array.from({ length: W2_USERS }, plainUser)));
