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
    anchor: docsAnchors.types,
    title: 'Data types',
    text: 'The searchable catalogue of every data type, grouped by category.',
  },
];
