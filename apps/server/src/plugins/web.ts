/**
 * Serves the built web app (apps/web/dist): the prerendered public pages, the shell of the
 * client-rendered ones, the 'Page Not Found' page with status 404 for any other path, robots.txt
 * and sitemap.xml, and the hashed assets, all compressed. The web's build says which path is
 * which in dist/routes.json (its router is the one source of the app's routes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limitKey } from '../lib/rate-limits.ts';
import { routeNotFound } from './errors.ts';

const API_PREFIXES = ['/backend/', '/api/'];
const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/** What the web's build writes beside its pages (dist/routes.json). */
export interface WebRoutes {
  /** Each prerendered path and its HTML file, relative to dist/. */
  pages: Record<string, string>;
  /** The 'Page Not Found' page. */
  notFound: string;
  /** The shell of the client-rendered pages. */
  shell: string;
  /** A client route's own shell (its modules preloaded), where the build wrote one. */
  shells?: Record<string, string>;
  /**
   * A signed-in page's second shell, whose intro names its user or its project in slots
   * (SLOTS): sent filled, in place of the route's shell, to a user it fits (`requires`: what
   * the user's facts must be, such as a returning user for a welcome back).
   */
  namedShells?: Record<string, NamedShell>;
  /** The client-rendered paths, in the router's syntax (`/reset-password/:token`, `/dashboard/*`). */
  clientRoutes: string[];
  /** The paths search engines should know of. */
  sitemap: string[];
  /** The CSP hashes (`sha256-…`) of the inline scripts in the pages. */
  scriptHashes?: string[];
}

/** The built web app: its folder, and what its routes.json says (null for a build without one). */
export interface WebBuild {
  distDir: string;
  routes: WebRoutes | null;
}

/** The web app built in `distDir`, or null when there is none (no folder, or not built). */
export function readWebBuild(distDir: string | null): WebBuild | null {
  if (distDir === null || !existsSync(join(distDir, 'index.html'))) return null;
  const routesFile = join(distDir, 'routes.json');
  const routes = existsSync(routesFile)
    ? (JSON.parse(readFileSync(routesFile, 'utf8')) as WebRoutes)
    : null;
  return { distDir, routes };
}

/** The mock origin's meta tag, as the build writes it (empty) and as the server fills it. */
const MOCK_ORIGIN_META = '<meta name="mocksmith-mock-origin" content="" />';
/** Where the build needs the site's absolute origin (canonical links, Open Graph). */
const ORIGIN_PLACEHOLDER = '%MOCKSMITH_ORIGIN%';
/** Where a prerendered page names the mock URLs' origin (documentation, showcase). */
const MOCK_ORIGIN_PLACEHOLDER = '%MOCKSMITH_MOCK_ORIGIN%';

/** A named shell of the build: its file, and what the user's facts must be for it to fit. */
export interface NamedShell {
  file: string;
  requires?: Partial<Pick<ShellUser, 'firstSignIn' | 'isGoogle'>>;
}

/** What the server knows of a page's signed-in user, for a named shell. */
export interface ShellUser {
  name: string;
  email: string;
  firstSignIn: boolean;
  isGoogle: boolean;
}

/** What fills a named shell: its user, and the project of a project's page. */
export interface ShellFacts {
  user: ShellUser;
  project?: { id: string; name: string };
}

/** A named shell's slots (the web's src/lib/shell-facts.ts), and its facts block's id. */
const SLOTS = {
  userName: '%MOCKSMITH_USER_NAME%',
  userEmail: '%MOCKSMITH_USER_EMAIL%',
  projectName: '%MOCKSMITH_PROJECT_NAME%',
  projectId: '__MOCKSMITH_PROJECT_ID__',
};
const SHELL_FACTS_ID = 'mocksmith-shell-facts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page ready to send: its HTML, and its Brotli and gzip encodings, made once, off the event loop
 * (zlib's thread pool) while the server starts, which does not wait for them; a call that comes
 * before its encoding is made waits for that one.
 */
interface ReadyPage {
  identity: Buffer;
  br: Promise<Buffer>;
  gzip: Promise<Buffer>;
}

const ENCODINGS = ['br', 'gzip', 'identity'];

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Whether a named shell fits these facts: a project's page (`needsProject`: its HTML names the
 * project) needs the project (the user may see it), and the user must be as the shell requires.
 */
export function shellFits(shell: NamedShell, needsProject: boolean, facts: ShellFacts): boolean {
  if (needsProject && facts.project === undefined) return false;
  const required = Object.entries(shell.requires ?? {}) as [keyof ShellUser, unknown][];
  return required.every(([fact, value]) => facts.user[fact] === value);
}

/** Whether a named shell's HTML names a project (read once, when the server starts). */
export function namesProject(html: string): boolean {
  return html.includes(SLOTS.projectName);
}

/**
 * A named shell filled for one user: the user's name and address and the project's name
 * (escaped, as text) in the intro, the project's id in its links, and the project in the facts
 * block the page's first render reads (in <head>: read before any script runs), whose JSON cannot
 * end its <script> element (`<` written as `\u003c`).
 */
export function fillNamedShell(html: string, { user, project }: ShellFacts): string {
  const filled = html
    .replaceAll(SLOTS.userName, () => escapeAttribute(user.name))
    .replaceAll(SLOTS.userEmail, () => escapeAttribute(user.email));
  if (project === undefined) return filled;
  const facts = JSON.stringify({ projectId: project.id, projectName: project.name }).replace(
    /</g,
    '\\u003c',
  );
  const block = `<script type="application/json" id="${SHELL_FACTS_ID}">${facts}</script>`;
  return filled
    .replaceAll(SLOTS.projectName, () => escapeAttribute(project.name))
    .replaceAll(SLOTS.projectId, () => encodeURIComponent(project.id))
    .replace('</head>', () => `  ${block}\n  </head>`);
}

type PageOrigins = Pick<WebOptions, 'publicOrigin' | 'mockOrigin' | 'mocksApart'>;

/**
 * Fills a page's origins. The mock origin goes into the meta tag the browser reads and into the
 * prerendered text alike, so the page hydrates without a difference. The tag says `data-apart`
 * when the mocks live on a host of their own, the one host the page's scripts then call them on;
 * otherwise they call them on the page's own origin, whatever name it was reached by.
 */
function fillOrigins(html: string, { publicOrigin, mockOrigin, mocksApart }: PageOrigins): string {
  const apart = mocksApart ? ' data-apart=""' : '';
  return html
    .replaceAll(ORIGIN_PLACEHOLDER, publicOrigin)
    .replaceAll(MOCK_ORIGIN_PLACEHOLDER, escapeAttribute(mockOrigin))
    .replace(
      MOCK_ORIGIN_META,
      `<meta name="mocksmith-mock-origin" content="${escapeAttribute(mockOrigin)}"${apart} />`,
    );
}

/** Fills a page's origins and compresses it, once: pages do not change while we run. */
function readyPage(html: string, origins: PageOrigins): ReadyPage {
  const identity = Buffer.from(fillOrigins(html, origins));
  const params = {
    [zlib.BROTLI_PARAM_QUALITY]: 11,
    [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
  };
  return { identity, br: brotli(identity, { params }), gzip: gzipped(identity, { level: 9 }) };
}

/** Sends a ready page in the best encoding the client accepts. */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ReadyPage,
  status = 200,
) {
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ENCODINGS) : 'identity';
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (encoding === 'br' || encoding === 'gzip') {
    reply.header('Content-Encoding', encoding);
    return reply.send(await page[encoding]);
  }
  return reply.send(page.identity);
}

/**
 * Sends a page made for this call (a named shell): compressed now, at Brotli's quality 5 (a
 * millisecond for a shell), and kept by no shared cache.
 */
async function sendFilled(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ENCODINGS) : 'identity';
  const identity = Buffer.from(html);
  reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Accept-Encoding');
  if (encoding === 'br') {
    reply.header('Content-Encoding', 'br');
    return reply.send(await brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (encoding === 'gzip') {
    reply.header('Content-Encoding', 'gzip');
    return reply.send(await gzipped(identity));
  }
  return reply.send(identity);
}

function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /account',
    'Disallow: /backend/',
    'Disallow: /api/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeAttribute(origin + path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export interface WebOptions {
  /** The built web app (readWebBuild), or null. */
  build: WebBuild | null;
  /** The site's origin, for canonical links, Open Graph tags, robots.txt and the sitemap. */
  publicOrigin: string;
  /** The origin of the mock URLs the pages show (MOCK_ORIGIN, else PUBLIC_URL's). */
  mockOrigin: string;
  /** The mocks live on a host of their own (MOCK_ORIGIN, apart from the public origin). */
  mocksApart: boolean;
  /** JSON 404s per minute per client; 0 turns the limit off. */
  notFoundRateLimit: number;
  /**
   * What a named shell is filled with: the request's signed-in user, and the project
   * `projectId` when the route names one and the user may see it; null for a visitor (the
   * page's plain shell then). Without it, no shell is named.
   */
  shellFacts?: (request: FastifyRequest, projectId?: string) => Promise<ShellFacts | null>;
}

/**
 * Serves the built web app: hashed assets cached for a year (precompressed at build time: the
 * Brotli or gzip file the client accepts), pages never cached (compressed at start). The routes
 * the build names answer their page (200); any other path answers the 'Page Not Found' page with
 * status 404; the API paths keep their JSON 404, rate-limited per client so that scanning for
 * paths is slow (pages are not counted). Without a build, every unknown path gets the JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  { build, notFoundRateLimit, shellFacts, ...origins }: WebOptions,
): Promise<void> {
  const { publicOrigin } = origins;
  const hasBuild = build !== null;
  const routes = build?.routes ?? null;
  const distDir = build?.distDir ?? '';
  const load = (file: string) => readyPage(readFileSync(join(distDir, file), 'utf8'), origins);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // Pages go out filled in and compressed by the routes below, never as files.
      allowedPath: (pathname) => !pathname.endsWith('.html') && pathname !== '/routes.json',
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(distDir, 'assets'));
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The pages of the build: each prerendered page at its path, the shell at the client routes.
  const pageOptions = { schema: { hide: true }, config: { database: false } };
  const notFoundPage = routes ? load(routes.notFound) : hasBuild ? load('index.html') : null;
  if (routes) {
    for (const [path, file] of Object.entries(routes.pages)) {
      const page = load(file);
      app.get(path, pageOptions, (request, reply) => sendPage(request, reply, page));
    }
    const shell = load(routes.shell);
    for (const path of routes.clientRoutes) {
      const own = routes.shells?.[path];
      const page = own ? load(own) : shell;
      const named = routes.namedShells?.[path];
      if (named && shellFacts) {
        const html = fillOrigins(readFileSync(join(distDir, named.file), 'utf8'), origins);
        const needsProject = namesProject(html);
        app.get<{ Params: { projectId?: string } }>(path, pageOptions, async (request, reply) => {
          const facts = await shellFacts(request, request.params.projectId);
          if (facts === null || !shellFits(named, needsProject, facts)) {
            return sendPage(request, reply, page);
          }
          return sendFilled(request, reply, fillNamedShell(html, facts));
        });
        continue;
      }
      app.get(path, pageOptions, (request, reply) => sendPage(request, reply, page));
    }
    const robots = robotsTxt(publicOrigin);
    const sitemap = sitemapXml(publicOrigin, routes.sitemap);
    app.get('/robots.txt', pageOptions, (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(robots),
    );
    app.get('/sitemap.xml', pageOptions, (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(sitemap),
    );
  }

  const wantsPage = (request: FastifyRequest) =>
    notFoundPage !== null &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    !request.url.startsWith('/assets/');
  app.setNotFoundHandler(
    {
      preHandler:
        notFoundRateLimit > 0
          ? app.rateLimit({
              max: notFoundRateLimit,
              timeWindow: 60_000,
              keyGenerator: (request) => limitKey('not-found', request.ip),
              allowList: (request) => wantsPage(request),
            })
          : undefined,
    },
    (request, reply) => {
      if (notFoundPage && wantsPage(request)) {
        // With the build's routes, an unknown path is a 404 page; an older build without them
        // answers its one page for every path (the app's router decides).
        return sendPage(request, reply, notFoundPage, routes ? 404 : 200);
      }
      return reply.code(404).send(routeNotFound(request.method, request.url));
    },
  );
}
