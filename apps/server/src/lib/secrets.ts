import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The secret that signs session cookies and mail tokens: SESSION_SECRET when set, otherwise one
 * generated on first start and kept in DATA_DIR/session-secret, so that sessions outlive a
 * restart.
 */
export async function loadSessionSecret(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  const file = join(dataDir, 'session-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  // 'wx': of two processes starting at once, the second reads the first one's secret.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
