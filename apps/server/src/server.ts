/**
 * The process: configuration, logger, database (embedded or external), migrations, listen, and
 * a graceful shutdown that stops taking requests, finishes those in flight, flushes the call
 * counts and then stops the database. An embedded database that dies is started again; an
 * external one is reconnected to; meanwhile the calls that need it answer 503. A promise that
 * fails with no handler is logged and counted, never the end of the process.
 */
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabaseAvailability, type DatabaseAvailability } from './db/availability.ts';
import { createDatabase, migrateDatabase } from './db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded.ts';
import { installLastResort } from './lib/background.ts';
import { loggerOptions, readableLog, writesReadableLog } from './lib/logger.ts';
import { connectRedis } from './lib/redis.ts';
import { webDistDir } from './paths.ts';

/** How long a graceful shutdown may take before the process gives up and exits with 1. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino(
    loggerOptions(config.LOG_LEVEL),
    writesReadableLog(config.LOG_FORMAT, process.stdout.isTTY === true) ? readableLog() : undefined,
  );

  let embedded: EmbeddedPostgres | null = null;
  let database: ReturnType<typeof createDatabase> | null = null;
  let redis: Redis | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let availability: DatabaseAvailability | null = null;

  const startup = (async () => {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        log: (level, message) => logger[level](message),
        // Known at once, before any query fails: the calls that need it answer 503 meanwhile.
        onExit: (detail) => availability?.markDown(detail),
        onRestart: () => void availability?.recheck(),
        avoidPorts: [config.PORT],
      });
      databaseUrl = embedded.url;
    }
    const handle = createDatabase(databaseUrl, { timeoutMs: config.DATABASE_TIMEOUT_MS });
    database = handle;
    availability = createDatabaseAvailability({
      probe: () => handle.db.execute(sql`select 1`),
      log: logger,
    });
    redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, logger) : undefined;
    await migrateDatabase(handle.db);
    app = await buildApp({
      config,
      db: handle.db,
      redis,
      webDistDir: config.isProduction ? webDistDir : null,
      logger,
      availability,
    });
    await app.listen({ port: config.PORT, host: config.HOST });
  })();

  // Stop taking requests, let those in flight finish, flush what is pending (call counts), then
  // close the database. A signal during startup waits for startup to finish or fail, so the
  // database never outlives us. Later signals change nothing: a terminal's Ctrl-C reaches every
  // process of the group (npm, scripts/start.mjs, which forwards it, and us), and a second
  // Ctrl-C must not cut the shutdown short.
  let stopping = false;
  const shutdown = async (signal: string, code = 0) => {
    if (stopping) {
      logger.info(`${signal}: already shutting down`);
      return;
    }
    stopping = true;
    logger.info(`${signal}: shutting down`);
    // The longest mock delay is 10 s; a request in flight gets that and more to finish.
    const forced = setTimeout(() => {
      logger.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    await startup.catch(() => {});
    let failed = false;
    // Connections kept alive by clients would hold the close for the keep-alive timeout (72 s):
    // each is closed as soon as it is idle, that is once its request in flight is answered.
    const server = (app as Awaited<ReturnType<typeof buildApp>> | null)?.server;
    const sweeper = setInterval(() => server?.closeIdleConnections(), 100);
    sweeper.unref();
    try {
      await app?.close();
    } catch (error) {
      failed = true;
      logger.error({ err: error }, 'could not close the app cleanly');
    } finally {
      clearInterval(sweeper);
      availability?.close();
      await database?.close().catch(() => {});
      redis?.disconnect();
      await embedded?.stop();
    }
    logger.info('stopped');
    process.exit(failed ? 1 : code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // What no code caught: a stray rejection is logged and counted, the process goes on; an
  // exception thrown out of a callback shuts it down gracefully (see lib/background.ts).
  installLastResort(process, logger, () => void shutdown('uncaught exception', 1));

  try {
    await startup;
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    await shutdown('startup failure', 1);
  }
}

await main();
