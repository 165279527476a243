/** The command line (packages/cli's `main`) run in process: its exit code and what it printed. */
import { main } from '@mocksmith/cli/main';

export async function runCli(args: string[], env: Record<string, string>) {
  let out = '';
  let err = '';
  const code = await main(
    args,
    { write: (text: string) => (out += text) },
    { write: (text: string) => (err += text) },
    env,
  );
  return { code, out, err };
}
