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
  privacy: '/privacy',
  terms: '/terms',
  dashboard: '/dashboard',
  dashboardApi: '/dashboard/api',
  dashboardTemplatesGallery: '/dashboard/templates-gallery',
  dashboardOpenapi: '/dashboard/openapi',
  dashboardPostmanExport: '/dashboard/postman-export',
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
} as const;

/** A link to one anchor of the documentation page. */
export function docsAnchor(anchor: (typeof docsAnchors)[keyof typeof docsAnchors]): string {
  return `${paths.getStarted}#${anchor}`;
}

/** The id of the landing page's section holding the demo editor (the 'Try it out' target). */
export const templateGeneratorId = 'template-generator';

/** Where a prerendered page names the mock origin: the server writes the origin there. */
export const MOCK_ORIGIN_PLACEHOLDER = '%MOCKSMITH_MOCK_ORIGIN%';

/**
 * The origin the public mock URLs live on. The server writes it into the page's
 * `mocksmith-mock-origin` meta tag (MOCK_ORIGIN, else PUBLIC_URL's origin), and into the
 * prerendered pages where they name it, so both agree; without it (the dev server), this site's
 * origin.
 */
export function mockOrigin(): string {
  if (typeof document === 'undefined') return MOCK_ORIGIN_PLACEHOLDER;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="mocksmith-mock-origin"]');
  return meta?.content || window.location.origin;
}

/** Where the server is reached from the browser (same origin; the dev server proxies these). */
export const apiPaths = {
  backend: '/backend',
  /** The full URL of a mock API, on the mock origin. */
  publicMock: (parts: MockUrlParts) => mockUrl(mockOrigin(), parts),
} as const;
