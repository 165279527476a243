/**
 * The process: configuration, logger, database (embedded or external), migrations, listen, and
 * a graceful shutdown that stops taking requests, flushes the call counts and then stops the
 * database.
 */
import { Redis } from 'ioredis';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, migrateDatabase } from './db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded.ts';
import { webDistDir } from './paths.ts';

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

  const logger = pino({
    level: config.LOG_LEVEL,
    // Readable lines in development on a terminal (or under `npm run dev`), JSON otherwise.
    ...(config.isProduction || !(process.stdout.isTTY || process.env.FORCE_COLOR)
      ? {}
      : { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }),
  });

  let embedded: EmbeddedPostgres | null = null;
  let database: ReturnType<typeof createDatabase> | null = null;
  let redis: Redis | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;

  const startup = (async () => {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        log: (level, message) => logger[level](message),
      });
      databaseUrl = embedded.url;
    }
    database = createDatabase(databaseUrl);
    redis = config.REDIS_URL ? new Redis(config.REDIS_URL) : undefined;
    await migrateDatabase(database.db);
    app = await buildApp({
      config,
      db: database.db,
      redis,
      webDistDir: config.isProduction ? webDistDir : null,
      logger,
    });
    await app.listen({ port: config.PORT, host: config.HOST });
  })();

  // Stop taking requests, flush what is pending (call counts), then close the database. A
  // signal during startup waits for startup to finish or fail, so the database never outlives us.
  let stopping = false;
  const shutdown = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    const forced = setTimeout(() => {
      logger.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    await startup.catch(() => {});
    try {
      await app?.close();
    } finally {
      await database?.close().catch(() => {});
      redis?.disconnect();
      await embedded?.stop();
    }
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await startup;
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    await shutdown('startup failure', 1);
  }
}

await main();
