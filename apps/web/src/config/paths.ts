import { type MockUrlParts, mockUrl } from '@mocksmith/core/http';

/** Every URL of the web app. Pages link through these, never through hand-typed strings. */
export const paths = {
  home: '/',
  examples: '/examples',
  getStarted: '/get-started',
  roadmap: '/roadmap',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  requestReset: '/request-reset',
  resetPassword: '/reset-password/:token',
  verifyEmail: '/verify-email/:token',
  unlockSignIn: '/unlock-sign-in/:token',
  privacy: '/privacy',
  terms: '/terms',
  dashboard: '/dashboard',
  dashboardApi: '/dashboard/api',
  /** A stand-alone API's request inspector: its calls, live. */
  dashboardApiRequests: '/dashboard/api/:apiId/requests',
  dashboardTemplatesGallery: '/dashboard/templates-gallery',
  dashboardOpenapi: '/dashboard/openapi',
  dashboardPostmanExport: '/dashboard/postman-export',
  dashboardProjects: '/dashboard/projects',
  dashboardProject: '/dashboard/projects/:projectId',
  /** The route editor of a new route (a static segment: it wins over `:routeId`). */
  dashboardProjectNewRoute: '/dashboard/projects/:projectId/routes/new',
  dashboardProjectRoute: '/dashboard/projects/:projectId/routes/:routeId',
  /** A project's request inspector: its calls, live. */
  dashboardProjectRequests: '/dashboard/projects/:projectId/requests',
  dashboardDocumentation: '/dashboard/documentation',
  account: '/account',
  admin: '/admin',
} as const;

/** The Templates Gallery with the official templates first. */
export const officialTemplatesPath = `${paths.dashboardTemplatesGallery}?sort=official`;

/** Anchors of the documentation page (/get-started). */
export const docsAnchors = {
  quickStart: 'quick-start',
  usage: 'usage',
  customEndpoints: 'custom-endpoints',
  types: 'types',
  templates: 'templates',
  sorting: 'sorting',
  responseOptions: 'response-options',
  arrayMultiplier: 'array-multiplier',
  apiKeys: 'api-keys',
  projects: 'projects',
  collections: 'collections',
  overrides: 'overrides',
  rules: 'rules',
  networkProfiles: 'network-profiles',
  inspector: 'inspector',
} as const;

/** A link to one anchor of the documentation page. */
export function docsAnchor(anchor: (typeof docsAnchors)[keyof typeof docsAnchors]): string {
  return `${paths.getStarted}#${anchor}`;
}

/** The id of the landing page's section holding the demo editor (the 'Try it out' target). */
export const templateGeneratorId = 'template-generator';

/** Where a prerendered page names the mock origin: the server writes the origin there. */
export const MOCK_ORIGIN_PLACEHOLDER = '%MOCKSMITH_MOCK_ORIGIN%';

/** Where a prerendered page names the site's origin: the server writes it there. */
export const ORIGIN_PLACEHOLDER = '%MOCKSMITH_ORIGIN%';

/**
 * The site's origin as its links name it (PUBLIC_URL's, else http://localhost:PORT: the origin of
 * the links the server answers and mails), for the management API's calls the documentation
 * shows. The server writes it into the page's `mocksmith-origin` meta tag and into the
 * prerendered pages; without it (the Vite dev server leaves the placeholder), this site's origin.
 */
export function appOrigin(): string {
  if (typeof document === 'undefined') return ORIGIN_PLACEHOLDER;
  const origin = document.querySelector<HTMLMetaElement>('meta[name="mocksmith-origin"]')?.content;
  return origin && origin !== ORIGIN_PLACEHOLDER ? origin : window.location.origin;
}

/**
 * The origin the public mock URLs live on, the one every shown, copied or exported mock link
 * names. The server writes it into the page's `mocksmith-mock-origin` meta tag (MOCK_ORIGIN, else
 * PUBLIC_URL's origin, else http://localhost:PORT: the origin of the links it answers and mails),
 * and into the prerendered pages where they name it, so all agree; without the tag (the Vite dev
 * server), this site's origin.
 */
export function mockOrigin(): string {
  if (typeof document === 'undefined') return MOCK_ORIGIN_PLACEHOLDER;
  return mockOriginMeta()?.content || window.location.origin;
}

function mockOriginMeta(): HTMLMetaElement | null {
  return document.querySelector<HTMLMetaElement>('meta[name="mocksmith-mock-origin"]');
}

/**
 * Where the page calls a mock URL it shows. When the mocks live on a host of their own (the
 * server marks the meta tag `data-apart`), there, as shown: the Content-Security-Policy names that
 * host. Otherwise this server answers them on every name it is reached by, so on the page's own
 * origin: the origin shown (PUBLIC_URL's, or localhost:PORT without it) may be another name for
 * it (127.0.0.1, an address on the network), which the policy's 'self' does not cover.
 */
export function mockCallUrl(shown: string): string {
  if (typeof document === 'undefined' || mockOriginMeta()?.hasAttribute('data-apart')) return shown;
  const { pathname, search } = new URL(shown, window.location.origin);
  return `${window.location.origin}${pathname}${search}`;
}

/** Where the server is reached from the browser (same origin; the dev server proxies these). */
export const apiPaths = {
  backend: '/backend',
  /** The full URL of a mock API, on the mock origin. */
  publicMock: (parts: MockUrlParts) => mockUrl(mockOrigin(), parts),
} as const;
