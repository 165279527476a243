import { paths } from './paths.ts';
import { site } from './site.ts';

/** What a page says of itself in <head>: its title and its description for search results. */
export interface PageMeta {
  title: string;
  description: string;
}

export const APP_NAME = site.name;

/** "Page — Mocksmith", the form of every page title but the landing page's. */
export function pageTitle(page: string): string {
  return `${page} — ${APP_NAME}`;
}

/** "Requests · name", the title of an inspector's page (just "Requests" until the name is known). */
const requestsTitle = (name?: string) =>
  pageTitle(name === undefined ? 'Requests' : `Requests · ${name}`);

/**
 * The titles of the pages rendered in the browser, one per route (its handle, app/route-tree.tsx).
 * The page sets it once rendered (useRouteTitle), and its shell carries the same from the first
 * byte (scripts/build.mjs), so the tab is named before the scripts run. A named shell puts a
 * project's name in the slot the server fills. Until the name is known, a project's page has the
 * generic title.
 */
export const pageTitles = {
  dashboard: () => pageTitle('Dashboard'),
  apis: () => pageTitle('APIs'),
  apiRequests: requestsTitle,
  templatesGallery: () => pageTitle('Templates Gallery'),
  openapi: () => pageTitle('OpenAPI Import'),
  postmanExport: () => pageTitle('Postman Export'),
  projects: () => pageTitle('Projects'),
  project: (name?: string) => pageTitle(name ?? 'Project'),
  newRoute: () => pageTitle('New route'),
  editRoute: () => pageTitle('Edit route'),
  projectRequests: requestsTitle,
  documentation: () => pageTitle('Dashboard Documentation'),
  account: () => pageTitle('Account'),
  admin: () => pageTitle('Admin'),
  resetPassword: () => pageTitle('Set a new password'),
  verifyEmail: () => pageTitle('Verify your email'),
  unlockSignIn: () => pageTitle('Sign in from this browser'),
} satisfies Record<string, PageTitle>;

/** A browser-rendered page's title, given its project's name where it names one. */
export type PageTitle = (name?: string) => string;

/**
 * The public pages, prerendered at build time with these titles and descriptions (and their
 * canonical URL and Open Graph tags), then hydrated. The other routes render in the browser.
 */
export const publicPages = {
  home: {
    path: paths.home,
    title: `${APP_NAME} — Mock REST APIs in seconds`,
    description:
      'Create a mock REST API from a JSON template in seconds: realistic generated data, a live URL, delays, status codes, headers and bearer tokens. Free, no coding required.',
  },
  examples: {
    path: paths.examples,
    title: pageTitle('Examples'),
    description:
      'Live weather, banking, analytics and social media widgets fed by Mocksmith sample APIs, each with the JSON template behind it.',
  },
  getStarted: {
    path: paths.getStarted,
    title: pageTitle('Documentation'),
    description:
      'How to write Mocksmith templates: data types, array multiplier, sorting, custom endpoints, response options and code samples in JavaScript, Python, Java and Go.',
  },
  roadmap: {
    path: paths.roadmap,
    title: pageTitle('Roadmap'),
    description:
      'What Mocksmith does today, what is being built now and what comes next, with the development log and the changelog.',
  },
  auth: {
    path: paths.auth,
    title: pageTitle('Login or Register'),
    description:
      'Sign in or create a free Mocksmith account to save your mock APIs, use every data type, import OpenAPI files and share templates.',
  },
  privacy: {
    path: paths.privacy,
    title: pageTitle('Privacy Policy'),
    description: 'What Mocksmith stores about you and your mock APIs, why, and for how long.',
  },
  terms: {
    path: paths.terms,
    title: pageTitle('Terms of Service'),
    description: 'The terms of use of Mocksmith, its mock APIs and its community templates.',
  },
  forgotPassword: {
    path: paths.forgotPassword,
    title: pageTitle('Forgot password'),
    description: 'Reset the password of your Mocksmith account.',
  },
  requestReset: {
    path: paths.requestReset,
    title: pageTitle('Request a password reset'),
    description: 'Ask for a link to set a new password for your Mocksmith account.',
  },
} as const satisfies Record<string, PageMeta & { path: string }>;

/** The page of every unknown path (status 404). */
export const notFoundPage: PageMeta = {
  title: pageTitle('Page Not Found'),
  description: 'The page you are looking for does not exist or has moved.',
};
