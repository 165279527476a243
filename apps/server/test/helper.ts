/** Builds the app over a fresh database, as each integration test file needs it. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { loggerOptions } from '../src/lib/logger.ts';
import { connectRedis } from '../src/lib/redis.ts';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A new database cloned from the migrated template, dropped by `drop()`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `mocksmith_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('templateDatabase')}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase(url.toString());
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  redis?: Redis;
  close(): Promise<void>;
}

/**
 * Builds the app on its own database (or on `database` when given, to run two nodes over one)
 * with the environment given, rate limits off unless set. `redis: true` uses TEST_REDIS_URL.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    database?: TestDatabase;
    /** true: TEST_REDIS_URL; a URL: that Redis. */
    redis?: boolean | string;
    webDistDir?: string;
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MOCK_RATE_LIMIT: '0',
    CREATE_RATE_LIMIT: '0',
    CREATE_DAILY_LIMIT: '0',
    PREVIEW_RATE_LIMIT: '0',
    OPENAPI_RATE_LIMIT: '0',
    AUTH_RATE_LIMIT: '0',
    AUTH_ADDRESS_RATE_LIMIT: '0',
    MOCK_ANON_SESSIONS_PER_HOUR: '0',
    ROUTE_SAVE_RATE_LIMIT: '0',
    // Tests create the same fixture API again and again; the check's own tests turn it on.
    REPEAT_CREATE_WINDOW_S: '0',
    PUBLIC_URL: 'http://mocksmith.test',
    ...env,
  });
  const redisUrl = typeof options.redis === 'string' ? options.redis : process.env.TEST_REDIS_URL;
  const redis = options.redis && redisUrl ? connectRedis(redisUrl) : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    webDistDir: options.webDistDir ?? null,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    database,
    redis,
    async close() {
      await app.close();
      redis?.disconnect();
      if (!options.database) await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The path of a link the app answered, for `app.inject`. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A logger with the app's own options (at `info`) whose lines are kept in `lines`, to read the log. */
export function loggerInto(lines: string[]): FastifyBaseLogger {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return pino(loggerOptions('info'), stream);
}
