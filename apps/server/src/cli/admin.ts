/**
 * `npm run admin -- COMMAND ARG` on the configured database (DATABASE_URL, or the embedded one
 * in DATA_DIR, running or not): `ban EMAIL` and `unban EMAIL`, `grant-admin EMAIL` and
 * `revoke-admin EMAIL`, `unpublish ID` (a gallery template), `disable-api ID` and `enable-api ID` (any API).
 * Each is recorded in the moderation history with no administrator (the command line). A ban
 * keeps the account's sessions: their next guarded request gets 403 with the suspended text,
 * their next login the banned answer. A ban, an unban or a disabled API reaches the running
 * nodes' mock URLs through the database (NOTIFY; lib/invalidation.ts), within a second.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase, migrateDatabase } from '../db/client.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded.ts';
import { AppError } from '../lib/errors.ts';
import { notifyThroughDatabase } from '../lib/invalidation.ts';
import { createModerationRepository } from '../modules/moderation/moderation.repository.ts';
import { createModerationService } from '../modules/moderation/moderation.service.ts';
import { serverRoot } from '../paths.ts';

const USAGE =
  'Usage: npm run admin -- ban EMAIL | unban EMAIL | grant-admin EMAIL | revoke-admin EMAIL | unpublish TEMPLATE_ID | disable-api API_ID | enable-api API_ID';

const ACCOUNT_COMMANDS = ['ban', 'unban', 'grant-admin', 'revoke-admin'] as const;
type AccountCommand = (typeof ACCOUNT_COMMANDS)[number];
const isAccountCommand = (command: string | undefined): command is AccountCommand =>
  (ACCOUNT_COMMANDS as readonly (string | undefined)[]).includes(command);
const API_COMMANDS = ['unpublish', 'disable-api', 'enable-api'] as const;
type ApiCommand = (typeof API_COMMANDS)[number];
const isApiCommand = (command: string | undefined): command is ApiCommand =>
  (API_COMMANDS as readonly (string | undefined)[]).includes(command);

const DONE: Record<AccountCommand, (email: string) => string> = {
  ban: (email) =>
    `Banned ${email}; their next request is refused as suspended, and their mock URLs answer 403.`,
  unban: (email) => `Unbanned ${email}; they can sign in again.`,
  'grant-admin': (email) => `${email} is now an administrator.`,
  'revoke-admin': (email) => `${email} is no longer an administrator.`,
};

async function main(args: string[]): Promise<number> {
  const [command, rawArg] = args;
  if (
    (!isAccountCommand(command) && !isApiCommand(command)) ||
    !rawArg?.trim() ||
    args.length !== 2
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const arg = rawArg.trim();
  const envFile = join(serverRoot, '..', '..', '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();

  // The embedded server of a running app is used as it is; otherwise one is started and stopped.
  let url = config.DATABASE_URL ?? (await runningEmbeddedUrl(config.dataDir));
  const embedded = url ? null : await startEmbeddedPostgres({ dataDir: config.dataDir });
  url ??= embedded!.url;
  const database = createDatabase(url, { poolSize: 1 });
  try {
    await migrateDatabase(database.db);
    const moderation = createModerationService({
      repository: createModerationRepository(database.db),
      announce: (requestIds) => notifyThroughDatabase(database.pool, requestIds),
    });
    try {
      if (command === 'unpublish') {
        const { name } = await moderation.unpublish(null, arg);
        process.stdout.write(`Unpublished "${name}" (${arg}); its open reports are closed.\n`);
      } else if (command === 'disable-api') {
        const { name } = await moderation.disableApi(null, arg);
        process.stdout.write(`Disabled "${name}" (${arg}); its mock URLs answer 403.\n`);
      } else if (command === 'enable-api') {
        const { name } = await moderation.enableApi(null, arg);
        process.stdout.write(`Enabled "${name}" (${arg}); its mock URLs answer again.\n`);
      } else {
        const email = arg.toLowerCase();
        await moderation.byEmail(null, command, email);
        process.stdout.write(`${DONE[command](email)}\n`);
      }
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        process.stderr.write(
          isApiCommand(command)
            ? `No template has the id ${arg}\n`
            : `No account has the e-mail address ${arg.toLowerCase()}\n`,
        );
        return 1;
      }
      if (error instanceof AppError) {
        process.stderr.write(`${error.message}\n`);
        return 1;
      }
      throw error;
    }
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
