import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';

/**
 * The shared Redis connection. A call to a Redis that is away fails within a second (not after
 * ioredis' twenty retries): the rate limits and the call counter then count in this process
 * until it is back, and the connection keeps retrying meanwhile.
 */
export function connectRedis(
  url: string,
  logger?: { warn(details: object, message: string): void },
): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  // Without a listener an unreachable Redis would crash the process; its state is logged by
  // the parts that fall back.
  let warned = false;
  redis.on('error', (error: Error) => {
    if (!warned) logger?.warn({ err: error }, 'Redis: connection error; retrying');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

/**
 * Names the database (host, port and name, never the credentials) in a short hash: the nodes of
 * one deployment agree on it, and deployments sharing one Redis differ.
 */
export function databaseIdentity(db: Database): string {
  const given = db.$client.options.connectionString ?? '';
  let identity = given;
  try {
    const url = new URL(given);
    identity = `${url.hostname}:${url.port}${url.pathname}`;
  } catch {
    // Not a URL (`host=... dbname=...`): the whole string, hashed all the same.
  }
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}
