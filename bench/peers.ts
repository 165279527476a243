/**
 * The runner's peers in `npm run bench`: Mockoon CLI and Prism, serving W1 (the same literal
 * body) and W2 (ten users generated per call) as each does natively, and the 1,000-operation
 * OpenAPI file for their start. They live in tools/mock-peers with a lockfile of their own,
 * installed there on first use (`npm ci --prefix`), never by the root `npm ci`; when that fails
 * (no network, an engine refused) the bench skips them and says why.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { W1_TEMPLATE, W2_USERS } from './workloads.ts';

const TOOLS_DIR = fileURLToPath(new URL('../tools/mock-peers', import.meta.url));

export interface Peers {
  /** Each peer's bin (a JS file for node), and its version, or why it is missing. */
  mockoon: { bin: string; version: string } | { skipped: string };
  prism: { bin: string; version: string } | { skipped: string };
}

/** Installs tools/mock-peers's locked packages when missing or from another lockfile. */
export function installPeers(): Peers {
  const lock = readFileSync(join(TOOLS_DIR, 'package-lock.json'));
  const digest = createHash('sha256').update(lock).digest('hex');
  const stamp = join(TOOLS_DIR, 'node_modules', '.installed-lock-sha256');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== digest) {
    process.stderr.write(
      'installing Mockoon CLI and Prism in tools/mock-peers (once per lockfile)...\n',
    );
    const result = spawnSync(
      'npm',
      ['ci', '--prefix', TOOLS_DIR, '--no-audit', '--no-fund', '--loglevel=error'],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (result.status !== 0) {
      const skipped = `npm ci --prefix tools/mock-peers failed (exit ${result.status})`;
      return { mockoon: { skipped }, prism: { skipped } };
    }
    writeFileSync(stamp, digest);
  }
  const peer = (name: string, bin: string) => {
    const dir = join(TOOLS_DIR, 'node_modules', name);
    const file = join(dir, bin);
    if (!existsSync(file)) return { skipped: `${name} is not installed in tools/mock-peers` };
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return { bin: file, version: String(version) };
  };
  return {
    mockoon: peer('@mockoon/cli', 'bin/run.js'),
    prism: peer('@stoplight/prism-cli', 'dist/index.js'),
  };
}

/**
 * W2's user in Mockoon's templating (Handlebars and faker 9): the fields of W2_FIELDS, their
 * realism from the same faker functions the server's data types use.
 */
const MOCKOON_USER =
  '{"id":"{{faker \'string.uuid\'}}","name":"{{faker \'person.fullName\'}}","email":"{{faker \'internet.email\'}}","age":{{faker \'number.int\' max=100}},"active":{{faker \'datatype.boolean\'}} }';

/** A Mockoon environment (its data file) answering W1 at /w1 and W2 at /w2. */
export function mockoonEnvironment(): object {
  const json = [{ key: 'Content-Type', value: 'application/json' }];
  const route = (uuid: string, endpoint: string, body: string, disableTemplating: boolean) => ({
    uuid,
    type: 'http',
    documentation: '',
    method: 'get',
    endpoint,
    responses: [
      {
        uuid: `${uuid}-ok`,
        body,
        latency: 0,
        statusCode: 200,
        label: '',
        headers: json,
        bodyType: 'INLINE',
        filePath: '',
        databucketID: '',
        sendFileAsBody: false,
        rules: [],
        rulesOperator: 'OR',
        disableTemplating,
        fallbackTo404: false,
        default: true,
        crudKey: 'id',
        callbacks: [],
      },
    ],
    responseMode: null,
    streamingMode: null,
    streamingInterval: 0,
  });
  const routes = [
    // W1's literals: templating off, as a body with nothing to fill.
    route('00000000-0000-4000-8000-000000000001', 'w1', JSON.stringify(W1_TEMPLATE), true),
    route(
      '00000000-0000-4000-8000-000000000002',
      'w2',
      `[{{#repeat ${W2_USERS} comma=true}}${MOCKOON_USER}{{/repeat}}]`,
      false,
    ),
  ];
  return {
    uuid: '00000000-0000-4000-8000-000000000000',
    // Mockoon's data format version (@mockoon/commons HighestMigrationId of 9.9.0).
    lastMigration: 33,
    name: 'Mocksmith bench',
    endpointPrefix: '',
    latency: 0,
    port: 3000,
    hostname: '',
    folders: [],
    routes,
    rootChildren: routes.map(({ uuid }) => ({ type: 'route', uuid })),
    proxyMode: false,
    proxyHost: '',
    proxyRemovePrefix: false,
    tlsOptions: {
      enabled: false,
      type: 'CERT',
      pfxPath: '',
      certPath: '',
      keyPath: '',
      caPath: '',
      passphrase: '',
    },
    cors: true,
    headers: [],
    proxyReqHeaders: [],
    proxyResHeaders: [],
    data: [],
    callbacks: [],
  };
}

/**
 * An OpenAPI document for Prism: W1 as /w1's example (served as it is, `prism mock`), W2 as
 * /w2's schema (generated per call with `--dynamic`, names by Prism's faker 6 through `x-faker`).
 */
export function prismSpec(): object {
  const json = (content: object) => ({
    '200': { description: 'OK', content: { 'application/json': content } },
  });
  return {
    openapi: '3.0.3',
    info: { title: 'Mocksmith bench', version: '1.0.0' },
    paths: {
      '/w1': { get: { responses: json({ example: W1_TEMPLATE }) } },
      '/w2': {
        get: {
          responses: json({
            schema: {
              type: 'array',
              minItems: W2_USERS,
              maxItems: W2_USERS,
              items: {
                type: 'object',
                required: ['id', 'name', 'email', 'age', 'active'],
                additionalProperties: false,
                properties: {
                  id: { type: 'string', format: 'uuid' },
                  name: { type: 'string', 'x-faker': 'name.findName' },
                  email: { type: 'string', format: 'email', 'x-faker': 'internet.email' },
                  age: { type: 'integer', minimum: 0, maximum: 100 },
                  active: { type: 'boolean' },
                },
              },
            },
          }),
        },
      },
    },
  };
}
