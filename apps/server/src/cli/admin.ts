/**
 * `npm run admin -- ban EMAIL` and `npm run admin -- unban EMAIL`: bans or unbans an account on
 * the configured database (DATABASE_URL, or the embedded one in DATA_DIR, running or not). A ban
 * ends the account's sessions at once; its next request gets 403 and its next login the banned
 * answer.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase, migrateDatabase } from '../db/client.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { serverRoot } from '../paths.ts';

const USAGE = 'Usage: npm run admin -- ban EMAIL | unban EMAIL';

async function main(args: string[]): Promise<number> {
  const [command, rawEmail] = args;
  if ((command !== 'ban' && command !== 'unban') || !rawEmail || args.length !== 2) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const email = rawEmail.trim().toLowerCase();
  const envFile = join(serverRoot, '..', '..', '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();

  // The embedded server of a running app is used as it is; otherwise one is started and stopped.
  let url = config.DATABASE_URL ?? (await runningEmbeddedUrl(config.dataDir));
  const embedded = url ? null : await startEmbeddedPostgres({ dataDir: config.dataDir });
  url ??= embedded!.url;
  const database = createDatabase(url, 1);
  try {
    await migrateDatabase(database.db);
    const found = await createAuthRepository(database.db).setBanned(email, command === 'ban');
    if (!found) {
      process.stderr.write(`No account has the e-mail address ${email}\n`);
      return 1;
    }
    process.stdout.write(
      command === 'ban'
        ? `Banned ${email}; their sessions have ended.\n`
        : `Unbanned ${email}; they can sign in again.\n`,
    );
    return 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `admin: ${(error as Error).message}`}\n`,
  );
  process.exitCode = 1;
}
