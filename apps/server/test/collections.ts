/**
 * Collections for the integration tests: rows stored directly (as the management API stores
 * them), the management calls, and what a list answer's headers say (`Link`), read as a client
 * reads them.
 */
import type { RawQuery } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { projects } from '../src/db/schema/apis.ts';
import { type CollectionRow, collections } from '../src/db/schema/collections.ts';

/** Stores a project's collection; `count` 20 and `path` `/{name}` unless given. */
export async function insertCollection(
  db: Database,
  projectId: string,
  row: {
    name: string;
    template: Record<string, unknown>;
    path?: string;
    count?: number;
    unknownFields?: 'refuse' | 'keep';
    cascade?: boolean;
  },
): Promise<CollectionRow> {
  const [created] = await db
    .insert(collections)
    .values({
      projectId,
      name: row.name,
      path: row.path ?? `/${row.name}`,
      template: row.template,
      count: row.count ?? 20,
      unknownFields: row.unknownFields ?? 'refuse',
      cascade: row.cascade ?? false,
    })
    .returning();
  return created as CollectionRow;
}

/** Stores a project of `ownerId` (the user row must exist). */
export async function insertProject(
  db: Database,
  ownerId: string,
  values: { name: string; slug: string; seed: number },
): Promise<{ id: string; slug: string }> {
  const [project] = await db
    .insert(projects)
    .values({ ownerId, ...values })
    .returning();
  return project as { id: string; slug: string };
}

/** The rels of a `Link` header (RFC 8288), each to its URL. */
export function linksOf(header: string | string[] | number | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (typeof header !== 'string') return links;
  for (const part of header.split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>\s*;\s*rel="([^"]+)"$/.exec(part.trim());
    if (!match) throw new Error(`Not a link: ${part}`);
    links[match[2] as string] = match[1] as string;
  }
  return links;
}

/** A query string as the server reads it: a repeated name gives a list of its values. */
export function rawQueryOf(search: string): RawQuery {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const before = query[key];
    if (before === undefined) query[key] = value;
    else query[key] = Array.isArray(before) ? [...before, value] : [before, value];
  }
  return query;
}

/** The management calls of a project's collections and sessions, signed in with `cookie`. */
export function collectionCalls(app: FastifyInstance) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string | undefined,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as never }),
      headers: cookie ? { cookie } : {},
    });
  const project = (id: string) => `/backend/projects/${encodeURIComponent(id)}`;
  const collection = (id: string, collectionId: string) =>
    `${project(id)}/collections/${encodeURIComponent(collectionId)}`;
  return {
    list: (cookie: string | undefined, id: string) =>
      call('GET', `${project(id)}/collections`, cookie),
    create: (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
      call('POST', `${project(id)}/collections`, cookie, body),
    update: (
      cookie: string | undefined,
      id: string,
      collectionId: string,
      body: Record<string, unknown>,
    ) => call('PATCH', collection(id, collectionId), cookie, body),
    reseed: (cookie: string | undefined, id: string, collectionId: string) =>
      call('POST', `${collection(id, collectionId)}/reseed`, cookie),
    remove: (cookie: string | undefined, id: string, collectionId: string) =>
      call('DELETE', collection(id, collectionId), cookie),
    sessions: (cookie: string | undefined, id: string) =>
      call('GET', `${project(id)}/sessions`, cookie),
    reset: (cookie: string | undefined, id: string, body?: Record<string, unknown>) =>
      call('POST', `${project(id)}/reset`, cookie, body),
    deleteSession: (cookie: string | undefined, id: string, name: string) =>
      call('DELETE', `${project(id)}/sessions/${encodeURIComponent(name)}`, cookie),
    claimSession: (cookie: string | undefined, id: string, name: string) =>
      call('POST', `${project(id)}/sessions`, cookie, { name }),
  };
}
