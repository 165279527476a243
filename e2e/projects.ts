/**
 * Projects of the browser tests, made as the page's own screens make them: through the
 * management API (`/backend/projects...`), with the signed-in page's session.
 */
import { randomBytes } from 'node:crypto';
import { type routeInputSchema, suggestSlug } from '@mocksmith/core/projects';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { z } from 'zod';

/** A route as the management API takes it (defaults left out). */
export type RouteSeed = z.input<typeof routeInputSchema>;

export interface CreatedProject {
  id: string;
  slug: string;
  baseUrl: string;
  /** The ids of its routes, in the order given. */
  routeIds: string[];
}

/**
 * A slug suggested from `name` with a suffix of its own: slugs are unique across every user of
 * the server, which the test files share.
 */
export function uniqueSlug(name: string): string {
  return `${suggestSlug(name).slice(0, 50).replace(/-+$/, '')}-${randomBytes(4).toString('hex')}`;
}

/** Creates a project with these routes; its id, slug and base URL. */
export async function createProject(
  page: Page,
  name: string,
  routes: readonly RouteSeed[],
): Promise<CreatedProject> {
  const answer = await page.evaluate(
    async ({ name, slug, routes }) => {
      const send = async (url: string, body: unknown) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      };
      const project = await send('/backend/projects', { name, slug });
      const made: { status: number; body: { id: string } }[] = [];
      for (const route of routes) {
        made.push(await send(`/backend/projects/${project.body.id}/routes`, route));
      }
      return { project, made };
    },
    { name, slug: uniqueSlug(name), routes },
  );
  expect(answer.project.status, JSON.stringify(answer.project.body)).toBe(201);
  expect(
    answer.made.map((route) => route.status),
    JSON.stringify(answer.made),
  ).toEqual(routes.map(() => 201));
  return { ...answer.project.body, routeIds: answer.made.map((route) => route.body.id) };
}

/** A project name as long as the rules allow (100 characters), in one piece. */
export const LONG_PROJECT_NAME =
  'Warehouse-inventory-synchronisation-for-the-northern-and-southern-distribution-centres-of-the-region';

/**
 * Routes that stretch a page: long paths with parameters, long names, several named responses
 * (one a 404), response headers, a bearer token, a request reference.
 */
export const LONG_ROUTES: readonly RouteSeed[] = [
  {
    method: 'GET',
    path: '/v2/organisations/{organisationId}/departments/research-and-development/projects/{projectId:integer}/active-members',
    name: 'Active members of every research project of the department, with their roles and start dates',
    responses: [
      {
        name: 'members',
        template:
          '{"organisation": "{{request.params.organisationId}}", "members": [{"__multiply": "2-2", "id": "uuid", "name": "string.name.fullname"}]}',
        headers: [
          {
            name: 'X-Inventory-Source-Identifier',
            value: 'northern-distribution-centre-0042-primary',
          },
        ],
      },
      {
        name: 'no-such-project-in-this-organisation',
        status: 404,
        template: '{"error": "no such project in this organisation"}',
      },
      { name: 'maintenance-window-of-the-night', status: 503, template: '{"retryAfter": 3600}' },
    ],
    responseMode: 'sequential',
  },
  {
    method: 'POST',
    path: '/orders/winter-sale/returning-customers/with-discount-codes',
    name: 'Orders placed by returning customers during the long winter sale of this year',
    responses: [{ name: 'placed', status: 201, template: '{"orderId": "uuid", "paid": true}' }],
    authToken: `mck_${'a1B2c3D4e5'.repeat(5)}`,
  },
  {
    method: 'DELETE',
    path: '/users/{id}',
    responses: [{ name: 'gone', status: 204, template: '{}' }],
  },
];

/** A collection name as long as the rules allow (40 characters). */
export const LONG_COLLECTION_NAME = 'organisation_department_members_archive';

/** A session name as long as the rules allow (64 characters), in one piece. */
export const LONG_SESSION_NAME = `ci-run-${'0123456789'.repeat(5)}-nightly`.slice(0, 64);

/**
 * Adds a collection with a long name and path to the project, and a session with a long name
 * that changed one of its records: what the Collections and Sessions sections then show.
 */
export async function addLongCollection(
  page: Page,
  project: Pick<CreatedProject, 'id' | 'baseUrl'>,
): Promise<void> {
  const path = `/v2/organisations/acme-international-holdings/${LONG_COLLECTION_NAME}`;
  const made = await page.evaluate(
    async ({ id, body }) => {
      const res = await fetch(`/backend/projects/${id}/collections`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    },
    {
      id: project.id,
      body: {
        name: LONG_COLLECTION_NAME,
        path,
        template: { id: 'number', fullName: 'string.name.fullname', email: 'email' },
        count: 10_000,
        unknownFields: 'keep',
        cascade: true,
      },
    },
  );
  expect(made.status, made.body).toBe(201);
  const written = await fetch(`${project.baseUrl}${path}/1`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', 'X-Mock-Session': LONG_SESSION_NAME },
    body: JSON.stringify({ fullName: 'Maximilian Alexander Fitzgerald-Worthington' }),
  });
  expect(written.status, await written.text()).toBe(200);
}

/** A project made from an OpenAPI document (JSON text), as its Import dialog makes it. */
export interface SpecProject {
  id: string;
  slug: string;
  baseUrl: string;
  /** The routes the import made. */
  routes: { id: string; path: string }[];
}

/** Creates a project and imports `spec` into it (the import must answer 201). */
export async function importSpecProject(
  page: Page,
  name: string,
  spec: string,
  fileName = 'spec.json',
): Promise<SpecProject> {
  const answer = await page.evaluate(
    async ({ name, slug, spec, fileName }) => {
      const made = await fetch('/backend/projects', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, slug }),
      }).then((res) => res.json());
      const form = new FormData();
      form.append('file', new Blob([spec], { type: 'application/json' }), fileName);
      const imported = await fetch(`/backend/projects/${made.id}/import`, {
        method: 'POST',
        body: form,
      });
      return { made, status: imported.status, body: await imported.json() };
    },
    { name, slug: uniqueSlug(name), spec, fileName },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { ...answer.made, routes: answer.body.routes };
}

/** A management call of the signed-in page (`/backend/...`): its status. */
export async function backendCall(
  page: Page,
  method: 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return res.status;
    },
    { method, url, body },
  );
}
