/** The command line's words: its help, and what it refuses. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELP, main, type Output } from '../src/main.ts';

/** A stream that keeps what is written to it. */
const sink = () => {
  const written: string[] = [];
  return {
    written,
    stream: { write: (text: string) => written.push(text) } as Output,
  };
};

describe('mocksmith', () => {
  it('prints its help', async () => {
    const out = sink();
    expect(await main(['--help'], out.stream, sink().stream)).toBe(0);
    expect(out.written.join('')).toBe(HELP);
    expect(HELP).toContain('serve <openapi.yaml|openapi.json>');
  });

  it('refuses an unknown command, a bad port and a missing file', async () => {
    const err = sink();
    expect(await main(['start', 'x'], sink().stream, err.stream)).toBe(2);
    expect(err.written.join('')).toContain('unknown command "start x"');
    expect(await main(['serve', 'x.yaml', '--port', 'abc'], sink().stream, err.stream)).toBe(2);
    expect(await main(['serve', 'nowhere.yaml'], sink().stream, err.stream)).toBe(1);
    expect(err.written.join('')).toContain('no file or directory "nowhere.yaml"');
  });

  it('refuses a directory that does not read as a project, naming file and reason', async () => {
    const err = sink();
    const dir = fileURLToPath(new URL('./fixtures', import.meta.url));
    expect(await main(['serve', dir], sink().stream, err.stream)).toBe(1);
    const said = err.written.join('');
    expect(said).toContain('mocksmith.yaml: The project file is missing');
    expect(said).toContain('does not read as a project (1 problems)');
  });
});
