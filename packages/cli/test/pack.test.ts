/**
 * The packed tarball, as a user installs it (slow-ish: packs, installs and spawns, about 5-10 s).
 * `npm pack -w packages/cli` builds the bundle (prepack); the tarball is installed into an empty
 * folder outside the repository by `npm ci --offline` (from npm's cache, with a lockfile made from
 * the repository's: no registry), and its `mocksmith` serves a directory and an OpenAPI file.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeProjectFiles } from '@mocksmith/core/project-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okRoute } from './fixtures/routes.ts';
import { packedProjectLock } from './packed-lock.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PETSTORE = fileURLToPath(new URL('./fixtures/petstore.yaml', import.meta.url));
/** No way back to the repository's packages: what Node finds is what the folder installed. */
const ENV = { ...process.env, NODE_PATH: '', NODE_OPTIONS: '' };

let folder: string;
let bin: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mocksmith-packed-'));
  const { stdout } = await run(
    'npm',
    ['pack', '-w', 'packages/cli', '--pack-destination', folder, '--json', '--loglevel=error'],
    { cwd: ROOT, env: ENV },
  );
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  const tarball = join(folder, (packed as { filename: string }).filename);
  const manifest = JSON.parse(await readFile(join(ROOT, 'packages/cli/package.json'), 'utf8'));
  const lock = packedProjectLock(join(ROOT, 'package-lock.json'), tarball, manifest);
  await writeFile(join(folder, 'package-lock.json'), JSON.stringify(lock, null, 2));
  await writeFile(
    join(folder, 'package.json'),
    JSON.stringify({
      name: 'packed',
      private: true,
      dependencies: lock.packages['']?.dependencies,
    }),
  );
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
    env: ENV,
  });
  bin = join(folder, 'node_modules/.bin/mocksmith');
}, 120_000);

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** `mocksmith serve target` on a free port; resolves to its URL once it says it is ready. */
async function serve(target: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(bin, ['serve', target, '--port', '0'], { cwd: folder, env: ENV });
  let output = '';
  const url = await new Promise<string>((ready, failed) => {
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /at (http:\/\/[\d.:]+)/.exec(output);
      if (found) ready(found[1] as string);
    });
    child.once('exit', (code) => failed(new Error(`mocksmith exited with ${code}:\n${output}`)));
  });
  return { url, child };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

describe('the packed tarball', () => {
  it('holds the bundle, not the sources, and installs none of the workspaces', async () => {
    const installed = join(folder, 'node_modules/@mocksmith');
    expect(await readdir(installed)).toEqual(['cli']);
    const files = await readdir(join(installed, 'cli'), { recursive: true });
    expect(files).toContain('dist/mocksmith.js');
    // No sources: the declarations (`.d.ts`) are the only TypeScript.
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    expect(files).toContain('dist/types/cli/src/index.d.ts');
  });

  it('types startMockServer for TypeScript users, core and engine types included', async () => {
    await writeFile(
      join(folder, 'use.mts'),
      [
        "import { type MockServer, startMockServer } from '@mocksmith/cli';",
        "const server: MockServer = await startMockServer({ dir: './mocks', port: 0 });",
        'const method: string | undefined = server.requests()[0]?.method;',
        '// @ts-expect-error a port is a number',
        "await startMockServer({ dir: './mocks', port: '4010' });",
        'await server.close();',
        'export { method };',
        '',
      ].join('\n'),
    );
    // The repository's compiler and Node's types; the folder's packages for everything else,
    // with the declarations checked too (no skipLibCheck).
    await writeFile(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        files: ['use.mts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules/.bin/tsc');
    const checked = await run(tsc, ['-p', 'tsconfig.json'], { cwd: folder, env: ENV }).then(
      () => 'ok',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe('ok');
  });

  it('prints its help', async () => {
    const { stdout } = await run(bin, ['--help'], { cwd: folder, env: ENV });
    expect(stdout).toContain('Usage: mocksmith <command> [options]');
  });

  it("serves a project's directory", async () => {
    const dir = join(folder, 'project');
    const bundle = {
      project: {
        name: 'Packed',
        slug: 'packed',
        seed: 7,
        settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
      },
      routes: [okRoute('/health')],
      collections: [],
    };
    for (const [file, text] of writeProjectFiles(bundle, 'yaml')) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    const { url, child } = await serve(dir);
    try {
      const answer = await fetch(`${url}/health`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
      expect((await fetch(`${url}/p/packed/health`)).status).toBe(200);
    } finally {
      await stop(child);
    }
  });

  it('serves an OpenAPI file', async () => {
    const { url, child } = await serve(PETSTORE);
    try {
      const answer = await fetch(`${url}/pets/1`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ id: 1, name: 'Rex', tag: 'dog' });
    } finally {
      await stop(child);
    }
  });
});
