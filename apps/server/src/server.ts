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
    ...(config.isProduction || !process.stdout.isTTY
      ? {}
      : { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }),
  });

  let embedded: EmbeddedPostgres | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      log: (level, message) => logger[level](message),
    });
    databaseUrl = embedded.url;
  }
  const database = createDatabase(databaseUrl);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false }) : undefined;

  const cleanup = async () => {
    await database.close().catch(() => {});
    redis?.disconnect();
    await embedded?.stop();
  };

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    await migrateDatabase(database.db);
    app = await buildApp({
      config,
      db: database.db,
      redis,
      webDistDir: config.isProduction ? webDistDir : null,
      logger,
    });
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    await cleanup();
    process.exit(1);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    const forced = setTimeout(() => {
      logger.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    try {
      await app.close();
    } finally {
      await cleanup();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
