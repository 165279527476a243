import { formatInteger } from '../../lib/format.ts';
/** The texts of the request inspector, in one place for its screens and their tests. */
export const inspectorTexts = {
  title: 'Requests',
  retention: 'Calls are kept 7 days (the last 1,000 per project). Secrets are masked.',
  retentionApi: 'Calls are kept 7 days (the last 1,000 per API). Secrets are masked.',
  empty: (baseUrl: string) => `No calls yet: call ${baseUrl} and they appear here as they come.`,
  noMatch: 'No calls match these filters.',
  emptyLoggingOff: 'Logging is off: turn it on to see this project’s calls here.',
  loading: 'Loading the calls...',
  loadFailed: (message: string) => `The calls could not be loaded: ${message}`,
  live: 'Live',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting: new calls show when the connection is back.',
  paused: 'Paused',
  held: (count: number) =>
    count === 1
      ? '1 new call is waiting: Resume to show it.'
      : `${formatInteger(count)} new calls are waiting: Resume to show them.`,
  skipped: (count: number) =>
    count === 1
      ? '1 call came faster than this page could show it live: the list was reloaded from the log.'
      : `${formatInteger(count)} calls came faster than this page could show them live: the list was reloaded from the log.`,
  dropped: (count: number) =>
    count === 1
      ? '1 call was answered but could not be logged (the log was full or failed to write): the log misses it.'
      : `${formatInteger(count)} calls were answered but could not be logged (the log was full or failed to write): the log misses them.`,
  logging: 'Log this project’s calls',
  loggingOn: 'New calls are logged and shown here.',
  loggingOff: 'Logging is off: new calls are answered but not logged.',
  loggingTurnedOn: 'Logging turned on',
  loggingTurnedOff: 'Logging turned off',
  loggingFailed: 'Failed to change the logging of this project',
  clearQuestion: 'Clear this project’s log?',
  clearQuestionApi: 'Clear this API’s log?',
  clearLine: (name: string) =>
    `Every logged call of “${name}” will be deleted. New calls are logged as they come. This cannot be undone.`,
  cleared: 'Log cleared',
  clearFailed: 'Failed to clear the log',
  showMore: 'Show older calls',
  /** The polite announcement of calls shown live. */
  announced: (count: number, first: string) =>
    count === 1 ? `New call: ${first}` : `${formatInteger(count)} new calls`,
  bodyCut: 'Cut at 16 KB: the log keeps the first 16 KB of a body.',
  noBody: 'No body.',
  noHeaders: 'No headers.',
  maskedLeftOut: (names: readonly string[]) =>
    `Masked in the log, left out: ${names.join(', ')}. Add them by hand if the route needs them.`,
  callAgainFailed:
    'The call failed before any answer came (network error, or the browser refused it).',
  routeAnswers: (label: string) => `The route ${label} answers this call.`,
  collectionAnswers: (label: string, name: string) =>
    `The collection ${name} answers this call (${label}): its records, kept per session.`,
  noRouteAnswers: (label: string) =>
    `No route of this project answers ${label}: make a route from it first.`,
  notARoutePath: (path: string) =>
    `A route cannot be made at ${path}: its path is not a route path.`,
  notARouteMethod: (method: string) => `A route cannot answer ${method}.`,
  ruleIntro:
    'The new rule matches calls like this one: tick the query parameters and headers it checks (each must equal the value of this call). It is added after the route’s rules, picking a response you can change.',
  ruleNoChoice: 'Tick at least one query parameter or header.',
} as const;
