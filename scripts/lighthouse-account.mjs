// The populated account of `npm run lighthouse`'s signed-in pages: registered and confirmed
// through the backend API (the confirmation link read from the server's outbox), filled through
// the management API with what a working account holds (5 APIs, a project of 12 routes,
// 2 collections of 50 records, 40 logged calls), then signed in through /auth with Remember me
// in the browser Lighthouse audits with, so each audit finds the session cookie and the stored
// user a returning person has.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import PostalMime from 'postal-mime';

const NAME = 'Lighthouse Account';
const PASSWORD = 'correct-horse-battery-lighthouse';

/** The signed-in pages, `:projectId` standing for the seeded project. */
export const SIGNED_IN_PAGES = [
  '/dashboard',
  '/dashboard/api',
  '/dashboard/projects',
  '/dashboard/projects/:projectId',
  '/dashboard/projects/:projectId/routes/new',
  '/dashboard/projects/:projectId/requests',
  '/account',
];

const API_TEMPLATES = [
  ['Users', '{"id": "uuid", "name": "string.name.fullname", "email": "email"}', 'GET'],
  ['Orders', '{"orderId": "uuid", "total": "number", "paid": "boolean"}', 'POST'],
  ['Products', '{"sku": "string", "title": "string", "price": "number"}', 'GET'],
  ['Weather', '{"city": "string", "celsius": "number"}', 'GET'],
  ['Profile', '{"id": "uuid", "bio": "string"}', 'PUT'],
];

const RESOURCES = ['users', 'orders', 'products', 'invoices', 'teams', 'tickets'];
/** Twelve routes: a list and an item of each resource, some with more than one response. */
const ROUTES = RESOURCES.flatMap((resource) => [
  {
    method: 'GET',
    path: `/${resource}`,
    name: `List ${resource}`,
    responses: [
      {
        name: 'list',
        template: `{"${resource}": [{"__multiply": "5-5", "id": "uuid", "name": "string.name.fullname"}]}`,
      },
      { name: 'empty', template: `{"${resource}": []}` },
    ],
  },
  {
    method: 'GET',
    path: `/${resource}/{id}`,
    name: `One of the ${resource}`,
    responses: [
      { name: 'found', template: '{"id": "{{request.params.id}}", "createdAt": "date"}' },
      { name: 'missing', status: 404, template: '{"error": "not found"}' },
    ],
  },
]);

const COLLECTIONS = [
  {
    name: 'customers',
    path: '/customers',
    template: { id: 'number', name: 'string.name.fullname', email: 'email' },
  },
  {
    name: 'shipments',
    path: '/shipments',
    template: { id: 'number', carrier: 'string', delivered: 'boolean' },
  },
];

/** Sends JSON to the server; the parsed answer, or an error naming the call. */
async function call(baseUrl, method, path, { body, cookie } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { response, body: text ? JSON.parse(text) : null };
}

/** The confirmation token of the newest mail to `email` in the server's outbox (waits 10 s). */
async function confirmationToken(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const names = await readdir(outbox).catch(() => []);
    for (const name of names
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()) {
      const mail = await PostalMime.parse(await readFile(join(outbox, name)));
      if (!mail.to?.some((to) => to.address === email)) continue;
      const token = (mail.text ?? '').match(/\/verify-email\/([^\s/?#]+)/)?.[1];
      if (token) return token;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email} in ${outbox}`);
    await sleep(100);
  }
}

/** Registers, confirms and fills the account; the seeded project's id. */
async function seed(baseUrl, dataDir, email) {
  await call(baseUrl, 'POST', '/backend/user/register', {
    body: { username: NAME, email, password: PASSWORD },
  });
  await call(baseUrl, 'GET', `/backend/user/verify/${await confirmationToken(dataDir, email)}`);
  const login = await call(baseUrl, 'POST', '/backend/user/login', {
    body: { email, password: PASSWORD },
  });
  const cookie = login.response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const { userId } = login.body;
  for (const [name, template, requestEnum] of API_TEMPLATES) {
    await call(baseUrl, 'POST', '/backend/crud/user', {
      cookie,
      body: { userId, name, template, requestEnum },
    });
  }
  const slug = `lighthouse-${Date.now().toString(36)}`;
  const project = await call(baseUrl, 'POST', '/backend/projects', {
    cookie,
    body: { name: 'Shop backend', slug },
  });
  const { id, baseUrl: mockBase } = project.body;
  for (const route of ROUTES) {
    await call(baseUrl, 'POST', `/backend/projects/${id}/routes`, { cookie, body: route });
  }
  for (const collection of COLLECTIONS) {
    await call(baseUrl, 'POST', `/backend/projects/${id}/collections`, {
      cookie,
      body: { ...collection, count: 50 },
    });
  }
  // Forty calls to the mock URL, which the project's Requests page and analytics then show.
  for (let i = 0; i < 40; i++) {
    const resource = RESOURCES[i % RESOURCES.length];
    const path = i % 5 === 4 ? `/customers/${(i % 50) + 1}` : `/${resource}${i % 2 ? `/${i}` : ''}`;
    const answer = await fetch(`${mockBase}${path}`);
    await answer.arrayBuffer();
  }
  return id;
}

/** Signs in through /auth with Remember me in the browser listening on `port`. */
async function signInInBrowser(baseUrl, port, email) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    // The page takes clicks once React has taken its prerendered HTML over: after its scripts.
    await page.goto(`${baseUrl}/auth`, { waitUntil: 'networkidle' });
    const panel = page.getByRole('tabpanel', { name: 'Login' });
    await panel.getByLabel('Email', { exact: true }).fill(email);
    await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await panel.getByLabel('Remember me').check();
    await panel.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Makes the populated account on the server (whose DATA_DIR is `dataDir`) and signs the browser
 * in; maps a signed-in page's pattern to its address.
 */
export async function prepareAccount({ baseUrl, dataDir, port }) {
  const email = `lighthouse-${Date.now().toString(36)}@example.test`;
  const projectId = await seed(baseUrl, dataDir, email);
  await signInInBrowser(baseUrl, port, email);
  return (page) => page.replace(':projectId', projectId);
}
