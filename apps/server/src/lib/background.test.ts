/**
 * Work nobody awaits: its failures are logged and counted, never thrown at the process; and the
 * process's last resort, run in a real child process (Node's own handling is what it replaces).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { backgroundFailures, createBackground } from './background.ts';

/** A logger that keeps its lines. */
function recording() {
  const lines: { level: string; details: object; message: string }[] = [];
  const at =
    (level: string) =>
    (details: object, message: string): void => {
      lines.push({ level, details, message });
    };
  return { lines, log: { warn: at('warn'), error: at('error'), fatal: at('fatal') } };
}

describe('createBackground', () => {
  it('logs and counts a task that fails, and drains it', async () => {
    const { lines, log } = recording();
    const background = createBackground(log);
    const before = backgroundFailures();
    background.run('a mail', async () => {
      throw new Error('SMTP down');
    });
    await background.drain();
    expect(backgroundFailures()).toBe(before + 1);
    expect(lines).toMatchObject([{ level: 'error', message: 'a mail failed' }]);
  });

  it('counts a failure caught elsewhere, with what was dropped', () => {
    const { lines, log } = recording();
    const before = backgroundFailures();
    createBackground(log).failed('could not write the analytics; dropped', new Error('down'), {
      dropped: 7,
    });
    expect(backgroundFailures()).toBe(before + 1);
    expect(lines[0]).toMatchObject({ level: 'warn', details: { dropped: 7 } });
  });
});

/** Runs `script` (ES module text importing the module under test as `./background.ts`) in a child. */
function runChild(script: string): Promise<{ code: number | null; output: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: new URL('.', import.meta.url).pathname,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on('exit', (code) =>
      resolve({ code, output: text.split('\n').filter((line) => line !== '') }),
    );
  });
}

const CHILD_PRELUDE = `
import { backgroundFailures, installLastResort } from './background.ts';
const say = (level) => (details, message) =>
  console.log(JSON.stringify({ level, message, failures: backgroundFailures() }));
installLastResort(process, { warn: say('warn'), error: say('error'), fatal: say('fatal') }, () => {
  console.log(JSON.stringify({ fatal: true, failures: backgroundFailures() }));
  process.exit(3);
});
`;

describe('installLastResort', () => {
  it('keeps the process alive past stray rejections, logged and counted', async () => {
    const { code, output } = await runChild(`${CHILD_PRELUDE}
Promise.reject(new Error('a flush that nobody awaited'));
Promise.reject(new Error('another one'));
setImmediate(() => console.log(JSON.stringify({ alive: true, failures: backgroundFailures() })));
`);
    expect(code).toBe(0);
    expect(output.map((line) => JSON.parse(line))).toEqual([
      {
        level: 'error',
        message: 'a promise failed with no handler; the process goes on',
        failures: 1,
      },
      { alive: true, failures: 2 },
    ]);
  });

  it('ends the process through the shutdown it is given when an exception escapes', async () => {
    const { code, output } = await runChild(`${CHILD_PRELUDE}
setTimeout(() => { throw new Error('thrown out of a timer'); });
`);
    expect(code).toBe(3);
    expect(output.map((line) => JSON.parse(line))).toEqual([
      {
        level: 'fatal',
        message: 'an exception reached the process; shutting down',
        failures: 1,
      },
      { fatal: true, failures: 1 },
    ]);
  });
});
