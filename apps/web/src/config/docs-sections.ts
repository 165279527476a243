import { docsAnchors } from './paths.ts';

export type DocsAnchor = (typeof docsAnchors)[keyof typeof docsAnchors];

/**
 * The documentation's sections, in reading order, with what each covers: the menus list them
 * and each section's heading is its title. The catalogue comes last: it is the longest, and
 * nothing above it moves while it loads.
 */
export const docsSections: readonly { anchor: DocsAnchor; title: string; text: string }[] = [
  {
    anchor: docsAnchors.quickStart,
    title: 'Quick start',
    text: 'Write a JSON template, preview it and create your mock API; what is free without and with an account.',
  },
  {
    anchor: docsAnchors.usage,
    title: 'Usage',
    text: 'Call your API URL with GET, POST, PUT or DELETE from JavaScript, Python, Java or Go.',
  },
  {
    anchor: docsAnchors.templates,
    title: 'Templates',
    text: 'How a template maps field names to data types, literal values, nested objects and arrays.',
  },
  {
    anchor: docsAnchors.arrayMultiplier,
    title: 'Array multiplier',
    text: 'Repeat an array item a random or fixed number of times with "__multiply": "1-5".',
  },
  {
    anchor: docsAnchors.sorting,
    title: 'Sorting',
    text: 'Sort generated lists with ?sort=field, field:asc or field:desc, and a default ?order.',
  },
  {
    anchor: docsAnchors.customEndpoints,
    title: 'Custom endpoints',
    text: 'Give an API its own path after its id, such as /users/active.',
  },
  {
    anchor: docsAnchors.responseOptions,
    title: 'Response options',
    text: 'Delays, status codes, bearer tokens, custom headers and public sharing.',
  },
  {
    anchor: docsAnchors.apiKeys,
    title: 'API keys',
    text: 'Call the management API from a terminal or CI with a personal key instead of a session.',
  },
  {
    anchor: docsAnchors.projects,
    title: 'Projects',
    text: 'A whole mock backend under one base URL: routes with paths, methods and named responses.',
  },
  {
    anchor: docsAnchors.collections,
    title: 'Collections and sessions',
    text: 'Resources with state (list, add, change, delete), each session with its own copy.',
  },
  {
    anchor: docsAnchors.overrides,
    title: 'Overrides',
    text: 'Ask a route for a status, a named response or a delay from the call itself.',
  },
  {
    anchor: docsAnchors.rules,
    title: 'Rules',
    text: 'Pick a route’s response from the request: a header, a parameter, a cookie or the body.',
  },
  {
    anchor: docsAnchors.networkProfiles,
    title: 'Network profiles',
    text: 'Latency, injected errors and a per-consumer rate limit, replayable with a seed.',
  },
  {
    anchor: docsAnchors.inspector,
    title: 'Inspector and verification API',
    text: 'See every call of a project, count and list them from tests, and read its analytics.',
  },
  {
    anchor: docsAnchors.types,
    title: 'Data types',
    text: 'The searchable catalogue of every data type, grouped by category.',
  },
];
