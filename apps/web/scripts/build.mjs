// `npm run build -w @mocksmith/web`: builds the app for the browser (dist/), then prerenders the
// public pages with the same code (a server build of src/entry-server.tsx, thrown away after):
//
//   dist/index.html, dist/examples/index.html...   each public page with its content, title,
//                                                  description, canonical URL and Open Graph tags
//   dist/404.html                                  the 'Page Not Found' page (served with 404)
//   dist/app.html                                  the empty shell of the signed-in pages
//   dist/shells/...                                a signed-in route's shell: the dashboard's
//                                                  chrome, its modules preloaded; a named
//                                                  `.named.html` also its intro, in slots
//   dist/routes.json                               which path is which, for the server
//
// The server fills %MOCKSMITH_ORIGIN% (the site's origin) and %MOCKSMITH_MOCK_ORIGIN% in them,
// and the project's name and id in a named shell (src/lib/shell-facts.ts), per call.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

// Always the production build: a NODE_ENV inherited from a test runner ('test') would make Vite
// bundle React's development build, three times the size.
process.env.NODE_ENV = 'production';

const webRoot = join(import.meta.dirname, '..');
const dist = join(webRoot, 'dist');
const ssrOut = join(webRoot, 'dist-ssr');
const ORIGIN = '%MOCKSMITH_ORIGIN%';
/** A path no route but the catch-all matches, to render the 'Page Not Found' page. */
const NOT_FOUND_PROBE = '/__mocksmith-not-found__';
/** Public pages kept out of search engines' lists (they only matter to account owners). */
const NOT_IN_SITEMAP = new Set(['/forgot-password', '/request-reset']);

/**
 * The modules the entry's chunks hold once tree-shaken, beside the entry's own (`stragglers`), and
 * those the public pages load (`publicModules`): found by a first build kept in memory. The bundler leaves some of the modules the entry shares with the routes
 * in small chunks of their own (React's JSX runtime, the query cache's timers, a constant or
 * two), which every page then fetched one by one before it could start. The build proper puts
 * them in one chunk. A rule on module names could not find them: following the entry's imports
 * reaches every icon and hook its packages' indexes re-export, used or not.
 */
async function firstBuild() {
  const built = await build({ root: webRoot, logLevel: 'warn', build: { write: false } });
  const { output } = Array.isArray(built) ? built[0] : built;
  const chunks = new Map(
    output.filter((item) => item.type === 'chunk').map((c) => [c.fileName, c]),
  );
  /** The modules the chunks statically reachable from `roots` hold once tree-shaken. */
  function reached(roots) {
    const modules = new Set();
    const seen = new Set();
    const queue = [...roots];
    while (queue.length > 0) {
      const chunk = chunks.get(queue.pop());
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const [id, module] of Object.entries(chunk.modules)) {
        if (module.renderedLength > 0) modules.add(id);
      }
      queue.push(...chunk.imports);
    }
    return modules;
  }
  const entryChunk = output.find((item) => item.type === 'chunk' && item.isEntry);
  // The public pages' modules: every page module but the signed-in ones (dashboard*, account).
  const publicPages = [...chunks.values()].filter((chunk) =>
    /[\\/]src[\\/]app[\\/]routes[\\/](?!dashboard|account)[^\\/]+\.tsx$/.test(
      chunk.facadeModuleId ?? '',
    ),
  );
  return {
    stragglers: reached(entryChunk.imports),
    publicModules: reached([entryChunk.fileName, ...publicPages.map((chunk) => chunk.fileName)]),
  };
}

const { stragglers, publicModules } = await firstBuild();
/**
 * The icons only the signed-in pages show, in one file rather than one each: a signed-in page
 * fetched some twenty files of half a KiB before it could render. The public pages' icons stay
 * as they were (their byte budgets, e2e/site-speed.test.ts).
 */
const isDashboardIcon = (id) =>
  /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) && !publicModules.has(id);
await build({
  root: webRoot,
  logLevel: 'warn',
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes its modules alone: the icons' shared code stays where the public pages
          // find it (both groups hold modules without side effects on import).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'start', test: (id) => stragglers.has(id), priority: 2 },
            { name: 'icons', test: isDashboardIcon, priority: 1 },
          ],
        },
      },
    },
  },
});
await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, emptyOutDir: true },
});

const server = await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
/**
 * Vite's index.html, with the theme script in it rather than fetched: a blocking script of its
 * own would cost the first paint a round trip. The Content-Security-Policy allows it by its hash
 * (routes.json's `scriptHashes`), not by 'unsafe-inline'.
 */
const themeScript = readFileSync(join(webRoot, 'public', 'theme-init.js'), 'utf8').trim();
const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';
const viteHtml = readFileSync(join(dist, 'index.html'), 'utf8');
if (!viteHtml.includes(THEME_SCRIPT_TAG)) throw new Error(`index.html has no ${THEME_SCRIPT_TAG}`);
const template = viteHtml.replace(THEME_SCRIPT_TAG, () => `<script>${themeScript}</script>`);
/**
 * What starts a prerendered page's scripts after its first paint (start-after-paint.js), in place
 * of Vite's module script and preloads.
 */
const startScript = readFileSync(join(webRoot, 'scripts', 'start-after-paint.js'), 'utf8').trim();
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const PRELOAD_LINK = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;
const sha256 = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const scriptHashes = [sha256(themeScript), sha256(startScript)];
const entryScript = template.match(ENTRY_SCRIPT)?.[1];
if (!entryScript) throw new Error('index.html has no module script');
/** The modules Vite preloads for the entry, which every page preloads too. */
const entryPreloads = [...template.matchAll(PRELOAD_LINK)].map((match) => match[1]);

/** The entry's stylesheets, as Vite links them in index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;
const templateCss = [...template.matchAll(STYLESHEET_LINK)].map((match) => match[1]);

/** A built CSS file's text, to put in a <style> element. */
const cssText = (file) => readFileSync(join(dist, file), 'utf8').replaceAll('</style', '<\\/style');

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** The JS and CSS files a module needs before it runs: its chunk and its static imports'. */
function chunkFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const js = [chunk.file];
  const css = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const more = chunkFiles(imported, seen);
    js.push(...more.js);
    css.push(...more.css);
  }
  return { js, css };
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = new Set(chunkFiles(entry).js);
/** Every module a page's HTML starts or preloads: what runs to show its first screen. */
const startupFiles = new Set(entryFiles);

/** The head tags of a page: its title, description, canonical URL and Open Graph card. */
function headTags(path, meta) {
  const url = `${ORIGIN}${path === '/' ? '/' : path}`;
  return [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Mocksmith" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
}

/**
 * The template with the page's content and head. Its styles are in it (a few KiB once
 * compressed), so the content paints as soon as the HTML arrives, without waiting for a
 * stylesheet; its scripts (the entry's, and its route modules' as preloads) start after that
 * paint.
 */
function pageHtml(rendered, path) {
  const { html, modules, meta } = rendered;
  const js = new Set();
  const css = new Set();
  for (const module of modules) {
    const files = chunkFiles(module);
    for (const file of files.js) if (!entryFiles.has(file)) js.add(file);
    for (const file of files.css) css.add(file);
  }
  for (const file of js) startupFiles.add(file);
  const preload = [...entryPreloads, ...[...js].map((file) => `/${file}`)];
  const start = `<script data-entry="${entryScript}" data-preload="${preload.join(' ')}">${startScript}</script>`;
  const styles = [...css]
    .filter((file) => !templateCss.includes(file))
    .map((file) => `<style>${cssText(file)}</style>`);
  let page = template
    .replace(ENTRY_SCRIPT, '')
    .replace(PRELOAD_LINK, '')
    .replace(STYLESHEET_LINK, (_tag, file) => `<style>${cssText(file)}</style>`)
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`)
    .replace('</body>', () => `  ${start}\n  </body>`);
  if (meta) {
    page = page
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        `$1${escapeHtml(meta.description)}$2`,
      );
  }
  const head = [...(meta && path ? headTags(path, meta) : []), ...styles];
  return page.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
}

function write(file, content) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), content);
}

const pages = {};
for (const { path } of Object.values(server.publicPages)) {
  const rendered = await server.render(path);
  if (rendered.status !== 200) throw new Error(`${path} rendered with status ${rendered.status}`);
  if (!rendered.meta) throw new Error(`${path} has no title and description (config/pages.ts)`);
  // The template was read above: the home page may take the place of Vite's index.html.
  const file = path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
  pages[path] = file;
  write(file, pageHtml(rendered, path));
}
const notFound = await server.render(NOT_FOUND_PROBE);
write('404.html', pageHtml({ ...notFound, meta: server.notFoundPage }, null));
write('app.html', template);
// Imported here, not at the top: React must load after NODE_ENV says 'production' (see above).
const { matchRoutes } = await import('react-router');

/** The module of the dashboard's chrome (route-tree.tsx), prerendered into its routes' shells. */
const DASHBOARD_LAYOUT = 'src/components/layouts/dashboard-layout.tsx';

/**
 * The shell of each client-rendered route, with its modules (the login guard's, the dashboard's
 * chrome's and the page's, with their static imports) preloaded from the HTML: without them the
 * browser learnt of each level of imports only by running the one above, a round trip each. The
 * dashboard's routes have its chrome in #root (`data-chrome`): their first paint needs no script.
 */
async function shellHtml(path, { named = false } = {}) {
  const js = new Set();
  let chrome = '';
  let title;
  for (const { route } of matchRoutes(server.routes, path) ?? []) {
    const module = route.handle?.module;
    if (!module) continue;
    // The page's title (config/pages.ts), its project's name in the slot the server fills.
    title = route.handle.title?.(named ? server.PROJECT_NAME_SLOT : undefined) ?? title;
    if (module === DASHBOARD_LAYOUT) chrome = await server.renderChrome(path, { named });
    for (const file of chunkFiles(module).js) if (!entryFiles.has(file)) js.add(file);
  }
  if (js.size === 0) return null;
  for (const file of js) startupFiles.add(file);
  const links = [...js].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const titled = title
    ? template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    : template;
  const shell = titled.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
  if (!chrome) return shell;
  // Its styles in it, as a prerendered page's: the chrome paints without waiting for a stylesheet.
  const inlined = shell
    .replace(STYLESHEET_LINK, (_tag, file) => `<style>${cssText(file)}</style>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-chrome>${chrome}</div>`);
  // A page whose largest text comes with its scripts (a welcome with the user's name, a
  // project's name) keeps them preloaded in <head>: painting the chrome before them would put
  // their running inside Lighthouse's blocking-time window and bring its largest paint no sooner
  // (measured: /dashboard 85 to 72, /account 88 to 73).
  if (!named && !server.pagesWithIntro.includes(path)) return inlined;
  // One whose intro is in the shell (its largest text) starts its scripts after that paint, as a
  // prerendered page (start-after-paint.js): with the preloads in <head>, Chrome often ran the
  // scripts before the first paint.
  const preload = [...entryPreloads, ...[...js].map((file) => `/${file}`)];
  const start = `<script data-entry="${entryScript}" data-preload="${preload.join(' ')}">${startScript}</script>`;
  return titled
    .replace(ENTRY_SCRIPT, '')
    .replace(PRELOAD_LINK, '')
    .replace(STYLESHEET_LINK, (_tag, file) => `<style>${cssText(file)}</style>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-chrome>${chrome}</div>`)
    .replace('</body>', () => `  ${start}\n  </body>`);
}

/** Every route path of the tree, joined to its parents' (`/dashboard/documentation/:section`). */
function routePaths(routes, parent = '') {
  const found = [];
  for (const route of routes) {
    const path = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    if (route.path || route.index) found.push(path || '/');
    if (route.children) found.push(...routePaths(route.children, path));
  }
  return found;
}
const clientRoutes = [...new Set(routePaths(server.routes))].filter(
  (path) => !(path in pages) && !path.includes('*'),
);
const shells = {};
for (const path of clientRoutes) {
  const html = await shellHtml(path);
  if (!html) continue;
  const file = `shells${path === '/' ? '/index' : path.replaceAll(':', '_')}.html`;
  write(file, html);
  shells[path] = file;
}
// A signed-in page's second shell, its intro naming its user or project in slots the server fills
// for whoever may see them (entry-server.tsx's NAMED_INTROS); anyone else gets the first.
const namedShells = {};
for (const [path, { requires }] of Object.entries(server.namedIntros)) {
  const file = `shells${path.replaceAll(':', '_')}.named.html`;
  write(file, await shellHtml(path, { named: true }));
  namedShells[path] = { file, ...(requires ? { requires } : {}) };
}

write(
  'routes.json',
  `${JSON.stringify(
    {
      pages,
      notFound: '404.html',
      shell: 'app.html',
      shells,
      namedShells,
      clientRoutes,
      scriptHashes,
      sitemap: Object.keys(pages).filter((path) => !NOT_IN_SITEMAP.has(path)),
    },
    null,
    2,
  )}\n`,
);
/**
 * V8's explicit compile hint, at the top of each module a page runs to show its first screen: V8
 * compiles all of its functions while the file streams in, on a background thread, rather than
 * each on the main thread when first called (most of them are, as the page starts). In
 * interleaved Lighthouse runs the blocking time of /dashboard, /dashboard/api, the Requests page
 * and /examples fell by a quarter to two fifths; the other pages' moved within their noise.
 * Added after the bundler has named the files, as Vite adds its own preload map to them; a source
 * map (a build with `sourcemap`) gets the line it moves down.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
for (const file of startupFiles) {
  const path = join(dist, file);
  writeFileSync(path, COMPILE_HINT + readFileSync(path, 'utf8'));
  const map = `${path}.map`;
  if (existsSync(map)) {
    const parsed = JSON.parse(readFileSync(map, 'utf8'));
    writeFileSync(map, JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` }));
  }
}
rmSync(ssrOut, { recursive: true, force: true });
// The manifest served the preloads above; the server has no use for it.
rmSync(join(dist, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${Object.keys(pages).length} pages, 404.html and app.html`);
