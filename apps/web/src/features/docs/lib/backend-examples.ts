/**
 * The curl commands of the documentation's sections on projects and what goes with them, in the
 * order a reader runs them: one shell, with an API key in `MOCKSMITH_KEY` and the project's id in
 * `PROJECT_ID`. Management calls name the site's origin, mock calls the mock origin (the links
 * the product shows name those two). `e2e/docs.test.ts` runs every command the page shows, as
 * shown, against a live server, and checks each answers the status written here.
 */

/** The two origins a command names. */
export interface Origins {
  /** The site's: the management API (`/backend/...`). */
  app: string;
  /** The mock URLs': a project's base URL is `{mock}/p/{slug}`. */
  mock: string;
}

/** One command of the documentation, and the status its call answers. */
export interface CurlExample {
  /** Names the code block for assistive technology. */
  label: string;
  command: string;
  /** The status it answers; several when a drawn fault may answer instead. */
  status: number | readonly number[];
}

/** The project the examples make, and its slug (its base URL's last segment). */
export const EXAMPLE_PROJECT = { name: 'Shop', slug: 'shop' } as const;

/** The session the collection examples write in. */
export const EXAMPLE_SESSION = 'ci-42';

const AUTH = '-H "Authorization: Bearer $MOCKSMITH_KEY"';
const JSON_BODY = "-H 'Content-Type: application/json'";

/** A management call with a JSON body: method, URL (in double quotes: it may name $PROJECT_ID). */
function send(method: string, url: string, body: string): string {
  return [
    `curl -X ${method} "${url}" \\`,
    `  ${AUTH} \\`,
    `  ${JSON_BODY} \\`,
    `  -d '${body}'`,
  ].join('\n');
}

/** A management call without a body. */
function read(url: string, method = 'GET'): string {
  return `curl ${method === 'GET' ? '' : `-X ${method} `}${AUTH} "${url}"`;
}

/** Every section's commands, for the site's and the mock URLs' origins. */
export function backendExamples({ app, mock }: Origins) {
  const project = `${app}/backend/projects/$PROJECT_ID`;
  const base = `${mock}/p/${EXAMPLE_PROJECT.slug}`;
  return {
    apiKeys: {
      list: {
        label: 'List your projects with a key',
        command: read(`${app}/backend/projects`),
        status: 200,
      },
    },
    projects: {
      create: {
        label: 'Create a project',
        command: send(
          'POST',
          `${app}/backend/projects`,
          `{"name": "${EXAMPLE_PROJECT.name}", "slug": "${EXAMPLE_PROJECT.slug}"}`,
        ),
        status: 201,
      },
      addRoute: {
        label: 'Add a route with two responses',
        command: send(
          'POST',
          `${project}/routes`,
          [
            '{"method": "GET", "path": "/users/{id}", "responses": [',
            '    {"name": "found", "template": "{\\"id\\": \\"{{request.params.id}}\\", \\"name\\": \\"string.name.fullname\\"}"},',
            '    {"name": "missing", "status": 404, "template": "{\\"error\\": \\"No such user\\"}"}',
            '  ]}',
          ].join('\n'),
        ),
        status: 201,
      },
      call: { label: 'Call the route', command: `curl ${base}/users/42`, status: 200 },
    },
    collections: {
      create: {
        label: 'Add a collection of 20 orders',
        command: send(
          'POST',
          `${project}/collections`,
          [
            '{"name": "orders", "path": "/orders", "count": 20,',
            '    "template": {"id": "number", "item": "string.product.name", "total": "number.money.price"}}',
          ].join('\n'),
        ),
        status: 201,
      },
      list: {
        label: 'List the orders, most expensive first, five a page',
        command: `curl '${base}/orders?_sort=total&_order=desc&_page=1&_limit=5'`,
        status: 200,
      },
      add: {
        label: `Add an order in the session ${EXAMPLE_SESSION}`,
        command: [
          `curl -X POST ${base}/orders \\`,
          `  -H 'X-Mock-Session: ${EXAMPLE_SESSION}' \\`,
          `  ${JSON_BODY} \\`,
          `  -d '{"item": "Desk lamp", "total": 25}'`,
        ].join('\n'),
        status: 201,
      },
      readInSession: {
        label: 'Read it in the session',
        command: `curl -H 'X-Mock-Session: ${EXAMPLE_SESSION}' ${base}/orders/21`,
        status: 200,
      },
      readShared: {
        label: 'The shared state does not have it',
        command: `curl ${base}/orders/21`,
        status: 404,
      },
      reset: {
        label: 'Reset the session',
        command: `curl -X POST -H 'X-Mock-Session: ${EXAMPLE_SESSION}' ${base}/__reset`,
        status: 204,
      },
      sessions: {
        label: 'List the project’s sessions',
        command: read(`${project}/sessions`),
        status: 200,
      },
    },
    overrides: {
      status: {
        label: 'Ask for a status',
        command: `curl -i '${base}/users/42?__status=503'`,
        status: 503,
      },
      example: {
        label: 'Ask for a named response',
        command: `curl -i -H 'Prefer: example=missing' ${base}/users/42`,
        status: 404,
      },
      delay: {
        label: 'Ask for a delay',
        command: `curl '${base}/users/42?__delay=1500'`,
        status: 200,
      },
    },
    rules: {
      create: {
        label: 'Add a route with a rule',
        command: send(
          'POST',
          `${project}/routes`,
          [
            '{"method": "GET", "path": "/plan", "responses": [',
            '    {"name": "free", "template": "{\\"plan\\": \\"free\\"}"},',
            '    {"name": "premium", "template": "{\\"plan\\": \\"premium\\", \\"seats\\": \\"number\\"}"}',
            '  ], "rules": [{"name": "Gold customers", "conditions": [',
            '    {"source": "header", "name": "x-plan", "operator": "equals", "value": "gold"}',
            '  ], "response": "premium"}]}',
          ].join('\n'),
        ),
        status: 201,
      },
      call: {
        label: 'A call the rule matches',
        command: `curl -i -H 'X-Plan: gold' ${base}/plan`,
        status: 200,
      },
    },
    networkProfiles: {
      set: {
        label: 'Give the project a network profile',
        command: send(
          'PATCH',
          project,
          [
            '{"settings": {"network": {',
            '    "latency": {"kind": "lognormal", "p50": 120, "p95": 600},',
            '    "fault": {"percent": 5, "kind": "status", "status": 503}}}}',
          ].join('\n'),
        ),
        status: 200,
      },
      call: {
        label: 'A call through it, replayable with its seed',
        command: `curl -i '${base}/users/42?__seed=7'`,
        status: [200, 503],
      },
      off: {
        label: 'Take the profile away',
        command: send('PATCH', project, '{"settings": {"network": null}}'),
        status: 200,
      },
    },
    inspector: {
      list: {
        label: 'The last five calls under /users',
        command: read(`${project}/requests?method=GET&path=/users/*&limit=5`),
        status: 200,
      },
      count: {
        label: 'How many orders were posted',
        command: read(`${project}/requests/count?method=POST&path=/orders`),
        status: 200,
      },
      analytics: {
        label: 'The last hour’s analytics',
        command: read(`${project}/analytics?range=hour`),
        status: 200,
      },
      clear: {
        label: 'Clear the log',
        command: read(`${project}/requests`, 'DELETE'),
        status: 204,
      },
    },
  } satisfies Record<string, Record<string, CurlExample>>;
}
