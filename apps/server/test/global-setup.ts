/**
 * Starts one PostgreSQL for the whole run (the embedded one, or the server at
 * TEST_DATABASE_URL) and migrates a template database that each test file clones.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateDatabase } from '../src/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL with the right to create databases. */
    adminDatabaseUrl: string;
    /** The migrated database each test file copies. */
    templateDatabase: string;
    /** Set by the `server-embedded` project: the embedded PostgreSQL, whatever the environment. */
    embeddedOnly?: boolean;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | null = null;
  let dataDir: string | null = null;
  let adminUrl = project.config.provide?.embeddedOnly ? undefined : process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.urlFor('postgres');
  }
  const templateDatabase = `mocksmith_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${templateDatabase}"`);
  await admin.query(`create database "${templateDatabase}"`);
  const template = createDatabase(withDatabase(adminUrl, templateDatabase), { poolSize: 1 });
  await migrateDatabase(template.db);
  await template.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`drop database if exists "${templateDatabase}" with (force)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
