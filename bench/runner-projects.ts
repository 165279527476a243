/**
 * The runner's bench projects, shared by bench/runner-start.ts and bench/http.ts: an OpenAPI file
 * of 1,000 operations, a project directory of 100 routes (or of the routes given), and the time
 * from a command's spawn to its first answer. The runner measured is its build (dist/, made by
 * packages/cli/build.mjs, as the packed tarball runs it), not the sources through tsx.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProjectBundle, writeProjectFiles } from '@mocksmith/core/project-files';
import { W2_TEMPLATE } from './workloads.ts';

/** The runner's command as the tarball's bin runs it. */
export const RUNNER_BIN = fileURLToPath(
  new URL('../packages/cli/dist/mocksmith.js', import.meta.url),
);

/** Builds the runner's bundle (about a second). */
export function buildRunner(): void {
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../packages/cli/build.mjs', import.meta.url))],
    {
      stdio: 'inherit',
    },
  );
}

/** The OpenAPI file's resources: four operations each. */
export const RESOURCES = 250;

/** An OpenAPI 3.0 document of RESOURCES × 4 operations. */
export function specOf(resources: number): object {
  const paths: Record<string, unknown> = {};
  const one = (name: string) => ({
    description: `One ${name}`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
  });
  for (let index = 0; index < resources; index++) {
    const name = `r${index}`;
    paths[`/${name}`] = {
      get: {
        operationId: `list${index}`,
        responses: {
          '200': {
            description: 'The list',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
              },
            },
          },
        },
      },
      post: { operationId: `add${index}`, responses: { '201': one(name) } },
    };
    paths[`/${name}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: `read${index}`,
        responses: { '200': one(name), '404': { description: 'No such item' } },
      },
      delete: { operationId: `delete${index}`, responses: { '204': { description: 'Deleted' } } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Thousand operations', version: '1.0.0' },
    paths,
    components: {
      schemas: {
        Item: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            email: { type: 'string', format: 'email' },
            createdAt: { type: 'string', format: 'date-time' },
            price: { type: 'number' },
            active: { type: 'boolean' },
            tags: { type: 'array', items: { type: 'string' } },
            owner: { type: 'string', format: 'uuid' },
          },
        },
      },
    },
  };
}

/**
 * A project of `count` routes (`GET /r{n}/{id}`, ten generated users each: W2's template), or of
 * the routes given, written as its directory by the format's writer; its files by path.
 */
export async function writeDirectory(
  dir: string,
  count: number,
  routes: { path: string; template: unknown }[] = Array.from({ length: count }, (_, index) => ({
    path: `/r${index}/{id}`,
    template: W2_TEMPLATE,
  })),
): Promise<Map<string, string>> {
  const bundle: ProjectBundle = {
    project: {
      name: 'Hundred routes',
      slug: 'hundred',
      seed: 1,
      settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
    },
    routes: routes.map(({ path, template }) => ({
      method: 'GET' as const,
      path,
      responses: [
        {
          name: 'ok',
          status: 200,
          template: JSON.stringify(template),
          headers: [],
          delay: 0,
          isDefault: true,
        },
      ],
      mode: 'default' as const,
      rules: [],
      network: null,
      overrides: true,
      authToken: null,
    })),
    collections: [],
  };
  const files = writeProjectFiles(bundle, 'yaml');
  for (const [file, text] of files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return files;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** Polls `url` every 2 ms until it answers 200; resolves to when it did. */
async function firstAnswer(url: string, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${child.spawnfile} exited with ${child.exitCode}`);
    try {
      const answer = await fetch(url);
      if (answer.status === 200) {
        await answer.text();
        return performance.now();
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 2));
  }
}

/**
 * Milliseconds from the spawn of `command` (its program first) to the first 200 of `url`; the
 * process is stopped then. Its output is dropped but for its errors.
 */
export async function startToFirstAnswer(command: string[], url: string): Promise<number> {
  const started = performance.now();
  const [program, ...args] = command as [string, ...string[]];
  const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    return (await firstAnswer(url, child)) - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((exited) => child.once('exit', exited));
  }
}
