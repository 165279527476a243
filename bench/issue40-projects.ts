/**
 * The projects of `npm run bench`'s issue 40 rows (docs/decisions.md, "Drift..."):
 *   - a route of a 100-operation spec imported as a project (core's planProjectImport: every
 *     route keeps its request contract), its project's validation `report`, against the same
 *     route in the same project with validation off: the check's cost over HTTP. The measured
 *     call is W1's GET, valid (an integer path parameter and two query parameters, an integer
 *     and an enum), so report answers as usual; its route answers W1's template.
 *   - W1's project route in a copy of the bench project whose proxy is set (to an address never
 *     called: routes win), against the project without: a proxy costs routes nothing.
 */
import { parsePathTemplate, planProjectImport } from '@mocksmith/core/projects';
import type pg from 'pg';
import { newRequestId } from '../apps/server/src/lib/ids.ts';
import { W1_TEMPLATE } from './workloads.ts';

const OPERATIONS = 100;
/** The measured operation's path, and a valid call of it. */
const MEASURED = 50;
export const VALIDATED_PATH = `/things-${MEASURED}/42?limit=10&sort=asc`;

export const VALIDATED_SLUG = 'bench-validated';
export const UNVALIDATED_SLUG = 'bench-unvalidated';
export const PROXIED_SLUG = 'bench-proxied';

/** A 100-operation spec: `GET /things-N/{id}` with an integer path and two query parameters. */
function spec(): unknown {
  const paths: Record<string, unknown> = {};
  for (let n = 0; n < OPERATIONS; n++) {
    paths[`/things-${n}/{id}`] = {
      get: {
        operationId: `getThing${n}`,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          {
            name: 'limit',
            in: 'query',
            required: true,
            schema: { type: 'integer', minimum: 1, maximum: 100 },
          },
          { name: 'sort', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
        ],
        responses: {
          '200': {
            description: 'a thing',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Things', version: '1' }, paths };
}

/** The imported spec's routes, with their contracts; the measured one answers W1's template. */
function plannedRoutes() {
  const plan = planProjectImport(spec());
  return plan.routes.map((route) => {
    const parsed = parsePathTemplate(route.path);
    if (!parsed.ok) throw new Error(`bench: ${route.path} is no path template`);
    const measured = parsed.value.path === `/things-${MEASURED}/{id:integer}`;
    if (!route.request) throw new Error(`bench: ${route.path} has no request contract`);
    return {
      request_id: newRequestId(),
      path: parsed.value.path,
      key: parsed.value.key,
      template: JSON.stringify(measured ? W1_TEMPLATE : { n: route.path }),
      request: JSON.stringify(route.request),
    };
  });
}

/**
 * Stores the validated and unvalidated projects of the spec's routes, and a proxied copy of the
 * bench project's routes (`routesOf`: its rows' path, key and template), all owned by `owner`.
 */
export async function createIssue40Projects(
  client: pg.Client,
  owner: string,
  routesOf: () => { path: string; key: string; template: string }[],
): Promise<void> {
  const project = async (slug: string, settings: object) => {
    const { rows } = await client.query(
      `INSERT INTO projects (owner_id, name, slug, seed, settings) VALUES ($1, $2, $2, 1, $3) RETURNING id`,
      [owner, slug, JSON.stringify(settings)],
    );
    return (rows[0] as { id: string }).id;
  };
  for (const [slug, validation] of [
    [VALIDATED_SLUG, 'report'],
    [UNVALIDATED_SLUG, 'off'],
  ] as const) {
    const id = await project(slug, { validation });
    await client.query(
      `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key, request)
       SELECT r.request_id, r.path, r.template, 'GET', $1, $2, r.path, r.key, r.request::jsonb
       FROM json_to_recordset($3::json) AS r(request_id text, path text, key text, template text, request text)`,
      [owner, id, JSON.stringify(plannedRoutes())],
    );
  }
  // Discard port 9 on loopback: never called, as a route answers every measured call.
  const proxied = await project(PROXIED_SLUG, {
    proxy: { url: 'http://127.0.0.1:9', record: false, recordLimit: 100, recorded: [] },
  });
  await client.query(
    `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key)
     SELECT r.request_id, r.path, r.template, 'GET', $1, $2, r.path, r.key
     FROM json_to_recordset($3::json) AS r(request_id text, path text, key text, template text)`,
    [
      owner,
      proxied,
      JSON.stringify(routesOf().map((route) => ({ ...route, request_id: newRequestId() }))),
    ],
  );
}
