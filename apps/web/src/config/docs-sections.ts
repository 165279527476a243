import { docsAnchors } from './paths.ts';

/** The documentation's sections, in reading order, with what each covers. */
export const docsSections = [
  {
    anchor: docsAnchors.quickStart,
    title: 'Quick start',
    text: 'Write a JSON template, preview it and create your mock API in three steps.',
  },
  {
    anchor: docsAnchors.usage,
    title: 'Usage',
    text: 'Call your API URL with GET, POST, PUT or DELETE from JavaScript, Python, Java or Go.',
  },
  {
    anchor: docsAnchors.customEndpoints,
    title: 'Custom endpoints',
    text: 'Give an API its own path after its id, such as /users/active (with a free account).',
  },
  {
    anchor: docsAnchors.types,
    title: 'Data types',
    text: 'A searchable catalogue of every data type, grouped by category.',
  },
  {
    anchor: docsAnchors.templates,
    title: 'Templates',
    text: 'How a template maps field names to data types, nested objects and arrays.',
  },
  {
    anchor: docsAnchors.sorting,
    title: 'Sorting',
    text: 'Sort generated lists with ?sort=field, field:asc or field:desc, and a default ?order.',
  },
  {
    anchor: docsAnchors.responseOptions,
    title: 'Response options',
    text: 'Response delays, custom HTTP status codes and bearer-token authentication.',
  },
  {
    anchor: docsAnchors.arrayMultiplier,
    title: 'Array multiplier',
    text: 'Repeat an array item a random number of times with "__multiply": "1-5".',
  },
] as const;
