/** Baseline W2 (i): ten users built per request by calling faker's API for each field. */
import { fakerUser } from '../baseline-users.ts';
import { W2_USERS } from '../workloads.ts';
import { serveJson } from './serve.ts';

serveJson(() => JSON.stringify(Array.from({ length: W2_USERS }, fakerUser)));
