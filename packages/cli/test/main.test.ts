/** The command line's words: its help, what it refuses, validate, and serve --strict's exit. */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProjectBundle, writeProjectFiles } from '@mocksmith/core/project-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP, main, type Output } from '../src/main.ts';
import { okRoute } from './fixtures/routes.ts';

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
    expect(await main(['serve', 'x.yaml', '--validate', 'strict'], sink().stream, err.stream)).toBe(
      2,
    );
    expect(err.written.join('')).toContain(
      '--validate must be off, report or enforce, not "strict"',
    );
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

const bundle: ProjectBundle = {
  project: {
    name: 'Small',
    slug: 'small',
    seed: 1,
    settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
  },
  routes: [okRoute('/ping')],
  collections: [],
};

/** The command spawned as a user runs it, once it serves: its URL, what it said, its stop. */
async function command(args: string[]) {
  const bin = fileURLToPath(new URL('../bin/mocksmith.mjs', import.meta.url));
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = await new Promise<string>((found, failed) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const at = /at (http:\/\/\S+)/.exec(stdout);
      if (at) found(at[1] as string);
    });
    child.once('exit', () => failed(new Error(`exited before serving: ${stderr}`)));
  });
  return {
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    /** SIGTERM; resolves to the exit code. */
    stop: () =>
      new Promise<number | null>((exited) => {
        child.once('exit', (status) => exited(status));
        child.kill('SIGTERM');
      }),
  };
}

describe('mocksmith validate and serve --strict', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mocksmith-validate-'));
    for (const [file, text] of writeProjectFiles(bundle, 'yaml')) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('says a project that reads is valid, in one line, and exits 0', async () => {
    const out = sink();
    expect(await main(['validate', dir], out.stream, sink().stream)).toBe(0);
    expect(out.written.join('')).toBe(`${dir}: Small (small) is valid: 1 routes, 0 collections\n`);
  });

  it('prints file:line: reason for each problem and exits 1', async () => {
    const broken = await mkdtemp(join(tmpdir(), 'mocksmith-broken-'));
    try {
      for (const [file, text] of writeProjectFiles(bundle, 'yaml')) {
        await mkdir(dirname(join(broken, file)), { recursive: true });
        await writeFile(join(broken, file), text);
      }
      await writeFile(
        join(broken, 'routes', 'bad.yaml'),
        'method: GET\npath: /bad\nresponses: 12\n',
      );
      const out = sink();
      const err = sink();
      expect(await main(['validate', broken], out.stream, err.stream)).toBe(1);
      expect(out.written.join('')).toMatch(/^routes\/bad\.yaml:3: /m);
      expect(err.written.join('')).toContain('1 problems');
      expect(await main(['validate', join(broken, 'nowhere')], sink().stream, err.stream)).toBe(1);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('serve --strict exits 1 at SIGTERM when a call found no route, naming it, even with --log off', async () => {
    const served = await command(['serve', dir, '--port', '0', '--strict', '--log', 'off']);
    expect((await fetch(`${served.url}/ping`)).status).toBe(200);
    expect((await fetch(`${served.url}/missing`)).status).toBe(404);
    expect(await served.stop()).toBe(1);
    expect(served.stderr()).toContain('1 call no route answered:\n  404 GET /missing\n');
    // --log off: no line per call, only the line that says where it serves.
    expect(served.stdout()).not.toContain('GET /ping');
    expect(served.stdout()).toContain(served.url);
  }, 30_000);

  // A save is seen through the file watcher and a reload: on a loaded machine (CI) that can take
  // more than a poll's default second.
  const WATCHED = { timeout: 10_000 };

  it('serve --watch --log json: a JSON line per call, a broken save named, a good one reloaded', async () => {
    const served = await command(['serve', dir, '--port', '0', '--watch', '--log', 'json']);
    try {
      await fetch(`${served.url}/ping`);
      await expect.poll(() => served.stdout(), WATCHED).toContain('"path":"/ping"');
      const line = served
        .stdout()
        .split('\n')
        .find((one) => one.includes('"path":"/ping"'));
      expect(JSON.parse(line as string)).toMatchObject({
        method: 'GET',
        status: 200,
        response: 'ok',
      });
      await writeFile(join(dir, 'routes', 'bad.yaml'), 'method: GET\npath: /bad\nresponses: 12\n');
      await expect.poll(() => served.stderr(), WATCHED).toMatch(/^routes\/bad\.yaml:3: /m);
      expect(served.stderr()).toContain('the last good version still serves');
      expect((await fetch(`${served.url}/ping`)).status).toBe(200);
      await rm(join(dir, 'routes', 'bad.yaml'));
      await expect.poll(() => served.stdout(), WATCHED).toMatch(/reloaded: \d+ places in \d+ ms/);
    } finally {
      await rm(join(dir, 'routes', 'bad.yaml'), { force: true });
      expect(await served.stop()).toBe(0);
    }
  }, 30_000);

  it('refuses a --proxy that is not an http(s) URL, naming the problem', async () => {
    const err = sink();
    expect(await main(['serve', dir, '--proxy', 'ftp://x'], sink().stream, err.stream)).toBe(2);
    expect(err.written.join('')).toContain('--proxy: proxy.url must be an http or https URL');
  });

  it('refuses a --log format it does not know', async () => {
    const err = sink();
    expect(await main(['serve', dir, '--log', 'xml'], sink().stream, err.stream)).toBe(2);
    expect(err.written.join('')).toContain('--log must be text, json or off, not "xml"');
  });
});

describe('mocksmith serve --proxy --record', () => {
  let dir: string;
  let upstream: Server;
  let upstreamUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mocksmith-record-'));
    for (const [file, text] of writeProjectFiles(bundle, 'yaml')) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    upstream = createServer((request, response) => {
      const id = Number(request.url?.split('/')[2]);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id, name: 'Ann Smith', email: 'ann.smith@example.com' }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a forwarded JSON answer as a route file, then answers that route itself', async () => {
    const served = await command(['serve', dir, '--port', '0', '--proxy', upstreamUrl, '--record']);
    try {
      const first = await fetch(`${served.url}/users/42`);
      expect(first.headers.get('x-mock-proxied')).toBe('true');
      expect(await first.json()).toMatchObject({ id: 42, name: 'Ann Smith' });
      await expect
        .poll(() => served.stdout())
        .toContain('recorded GET /users/{userId} -> routes/get-users-userid.yaml');
      const file = await readFile(join(dir, 'routes', 'get-users-userid.yaml'), 'utf8');
      expect(file).toContain('path: /users/{userId}');
      // The typed template has types, the example the body as it came.
      expect(file).toContain('name: ok-1');
      const mocked = await fetch(`${served.url}/users/7`);
      expect(mocked.headers.get('x-mock-proxied')).toBeNull();
      expect(mocked.headers.get('x-mock-response')).toBe('ok');
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 30_000);

  it('refuses --record without a directory or a proxy', async () => {
    const err = sink();
    expect(await main(['serve', dir, '--record'], sink().stream, err.stream)).toBe(2);
    expect(err.written.join('')).toContain('--record needs a directory to write to and a proxy');
  });
});
