/**
 * The roadmap, the dev log and the changelog: one file, kept true to what Mocksmith has. A
 * feature is `completed` only once it is live on this site.
 */

export type RoadmapStatus = 'completed' | 'in-progress' | 'planned';

export interface RoadmapItem {
  title: string;
  description: string;
  status: RoadmapStatus;
}

export interface DevLogEntry {
  /** ISO date. */
  date: string;
  title: string;
  description: string;
}

export interface ChangelogEntry {
  version: string;
  /** ISO date. */
  date: string;
  changes: string[];
}

export const roadmapItems: readonly RoadmapItem[] = [
  {
    title: 'JSON templates with realistic data',
    description:
      'Write a template whose values name data types and get fresh, realistic values on every call: 292 types in 19 groups, nested objects and arrays.',
    status: 'completed',
  },
  {
    title: 'Array multiplier',
    description: '"__multiply": "1-5" in an array item repeats it a random number of times.',
    status: 'completed',
  },
  {
    title: 'Custom endpoints',
    description: 'Give an API its own path after its id, such as /users/active.',
    status: 'completed',
  },
  {
    title: 'Sorting',
    description: 'Sort generated lists with ?sort=field:desc (repeatable) and a default ?order.',
    status: 'completed',
  },
  {
    title: 'Custom response status codes',
    description:
      'Answer with 201, 204, 404, 500 or any of the documented codes to test error paths.',
    status: 'completed',
  },
  {
    title: 'Response delays, headers and bearer tokens',
    description:
      'Slow an API down by up to 10 seconds, add response headers, and protect it with a generated mck_ token.',
    status: 'completed',
  },
  {
    title: 'Accounts and Google sign-in',
    description:
      'Sign up with e-mail and password or with Google; verification, password reset and account deletion.',
    status: 'completed',
  },
  {
    title: 'Dashboard and API editor',
    description:
      'Manage your APIs in one place: call counts, recent activity, type completion in the editor, and in-place testing.',
    status: 'completed',
  },
  {
    title: 'Pagination Support',
    description:
      'Live on every mock URL since v0.2.0: ?page=2&limit=10 answers one page, with X-Total-Count and Link headers. In progress: pages in the dashboard’s list of your APIs, which loads in full today.',
    status: 'in-progress',
  },
  {
    title: 'Templates Gallery',
    description:
      'Share templates with the community; search, like, preview and report them, and start from theirs or from the official ones.',
    status: 'completed',
  },
  {
    title: 'OpenAPI Import',
    description:
      'Upload an OpenAPI 3.0, 3.1 or Swagger 2.0 file, JSON or YAML, and get a mock API for each of its operations.',
    status: 'completed',
  },
  {
    title: 'Postman Export',
    description:
      'Download the APIs you choose as a Postman collection, or as an OpenAPI 3.1 document that imports back.',
    status: 'completed',
  },
  {
    title: 'Moderation',
    description:
      'Report a shared template; administrators review the reports, unpublish templates and suspend accounts.',
    status: 'completed',
  },
  {
    title: 'Webhook Integration',
    description: 'Have an API call your own URL when it is called.',
    status: 'planned',
  },
  {
    title: 'Team Collaboration',
    description: 'Share APIs with your team and edit them together.',
    status: 'planned',
  },
];

export const devLog: readonly DevLogEntry[] = [
  {
    date: '2026-11-24',
    title: 'Several servers, one service',
    description:
      'Any number of server processes can share one PostgreSQL and Redis behind a load balancer: rate limits, call counts and edits reach every node, and a node killed under load loses no count of a call it answered.',
  },
  {
    date: '2026-11-23',
    title: 'The Templates Gallery and moderation',
    description:
      'Public templates get a gallery with full-text search, categories, likes, a copy for your own APIs and reports; administrators review the reports at /admin.',
  },
  {
    date: '2026-11-23',
    title: 'OpenAPI in, Postman and OpenAPI out',
    description:
      'An OpenAPI 3.0, 3.1 or Swagger 2.0 file becomes one API per operation, each with a report of where its body came from; your APIs export as a Postman collection or an OpenAPI document.',
  },
  {
    date: '2026-11-22',
    title: 'The dashboard and the API editor',
    description:
      'Signed-in users manage their APIs end to end: the editor completes type names and flags misspelt ones, the options panel sets delay, status, headers, token and sharing, and the dashboard shows call counts and recent activity.',
  },
  {
    date: '2026-11-22',
    title: 'Accounts',
    description:
      'Sign-up with e-mail verification, Google sign-in, password reset and change, account deletion, and bans, built on better-auth with sessions in PostgreSQL.',
  },
  {
    date: '2026-11-22',
    title: 'The server and the public endpoints',
    description:
      'Live mock URLs with custom endpoints, sorting, pagination, seeds, delays, status codes and tokens, served from an in-memory cache of compiled templates: about 40,000 requests per second on two cores.',
  },
  {
    date: '2026-11-22',
    title: 'The template language',
    description:
      'Templates are compiled once and generated many times from faker’s data with our own random source, about 25 times faster than calling faker for each value.',
  },
];

export const changelog: readonly ChangelogEntry[] = [
  {
    version: '0.6.0',
    date: '2026-11-23',
    changes: [
      'Templates Gallery: share an API with a category, a description and tags; search, filter, like, preview and use the community’s templates and the official ones',
      'Reports of shared templates, reviewed by administrators, who can unpublish a template and suspend its author',
    ],
  },
  {
    version: '0.5.0',
    date: '2026-11-23',
    changes: [
      'OpenAPI import: an OpenAPI 3.0, 3.1 or Swagger 2.0 file, JSON or YAML, becomes one API per operation, with a report of each',
      'Postman export: a Postman Collection v2.1.0 of the APIs you choose, each token a variable; the same selection as an OpenAPI 3.1 document',
      'The examples showcase and the documentation',
      'Template directives: __oneOf, __number, __string and __literal',
    ],
  },
  {
    version: '0.4.0',
    date: '2026-11-22',
    changes: [
      'Dashboard with search, method and date filters, call counts and recent activity',
      'API editor with type completion, typo hints, the More Types picker and the options panel',
      'Edit, Test and Delete for every API; changes are served at once',
    ],
  },
  {
    version: '0.3.0',
    date: '2026-11-22',
    changes: [
      'Accounts: sign-up with e-mail verification, Google sign-in, password reset and change',
      'Account deletion removes every API, the history and the sessions',
    ],
  },
  {
    version: '0.2.0',
    date: '2026-11-22',
    changes: [
      'Live mock URLs with custom endpoints, sorting, pagination (page and limit) and seeds',
      'The landing page demo: preview, create and download',
      'Four public sample APIs: weather, banking, analytics and social',
    ],
  },
  {
    version: '0.1.0',
    date: '2026-11-22',
    changes: ['The template language and a catalogue of 284 data types'],
  },
];
