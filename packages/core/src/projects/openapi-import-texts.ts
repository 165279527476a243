/**
 * The words of an import into a project (openapi-import.ts): what it says of each operation it
 * leaves out or changes, as the person importing reads them (the spec's texts: keep them exact).
 */
import { ROUTE_METHODS } from './model.ts';

/** The texts of an import into a project, in words the person importing reads. */
export const projectImportTexts = {
  headOrOptions: (method: string) =>
    `${method} is answered by every route already: the spec's ${method} operations are not imported`,
  unsupportedMethod: (method: string) =>
    `${method} is not a method a route answers (${ROUTE_METHODS.join(', ')})`,
  samePath: (route: string) => `Another operation of the spec already answers ${route}`,
  tooManyRoutes: (max: number) => `A project holds at most ${max.toLocaleString('en')} routes`,
  tooManyResponses: (route: string, max: number) =>
    `The route ${route} already holds ${max} responses, the most a route can`,
  responsesLeftOut: (operation: string, count: number, max: number) =>
    `${operation}: ${count} more ${count === 1 ? 'response is' : 'responses are'} left out (a route holds at most ${max})`,
  noAnswer: 'The operation declares no response to answer with',
  widened: (operation: string, segment: string, route: string) =>
    `${operation}: the segment "${segment}" mixes text and a parameter, which a route path cannot; the route ${route} answers any value there`,
  serverPathLeftOut: (path: string) =>
    `The spec's server path ${path} is left out: the routes answer at their paths under the project's base URL`,
  serverPathKept: (path: string) =>
    `The spec's server path ${path} is kept in front of each route's path (${path}/...): the routes answer where the spec's clients call them, under the project's base URL`,
  contradictingExample: (operation: string, status: string, which: string, errors: string[]) =>
    `${operation} (${status}): ${which} contradicts its schema and is not served: ${errors.slice(0, 2).join('; ')}`,
  choiceByQuery: (route: string, parameter: string) =>
    `${route}: the spec tells its operations apart by the query parameter ${parameter}; a route chooses by a header only, so the default answers unless a call names another with Prefer: example=NAME`,
  choiceErrorsLeftOut: (route: string, header: string) =>
    `${route}: one response per value of ${header}, each operation's success answer; their error answers are left out`,
  notRestored: (operation: string, name: string, problem: string) =>
    `${operation}: the Mocksmith response "${name}" is imported with default settings (${problem})`,
  noRuleValues: (operation: string, name: string) =>
    `${operation}: the request example "${name}" makes no rule: it has no top-level field or parameter value that is text, a number, true, false or null to compare`,
  ruleRefused: (operation: string, name: string, problem: string) =>
    `${operation}: the request example "${name}" makes no rule: ${problem}`,
  tooManyRules: (operation: string, name: string, max: number) =>
    `${operation}: the request example "${name}" makes no rule: a route holds at most ${max} rules`,
  savedRuleLeftOut: (operation: string, index: number, problem: string) =>
    `${operation}: the Mocksmith rule ${index + 1} is left out (${problem})`,
  savedRulesNotList: (operation: string) =>
    `${operation}: x-mocksmith-rules is not a list of rules and is left out`,
  networkLeftOut: (operation: string, problem: string) =>
    `${operation}: the Mocksmith network profile is left out and the project's applies (${problem})`,
  moreWarnings: (count: number) => `… and ${count.toLocaleString('en')} more`,
  routeTaken: (route: string) =>
    `Another route of the project, not made by an import of this spec, answers ${route}: it is kept as it is (delete it and import again to take the spec's)`,
} as const;

/** `GET /users/{id}`: how a report names a route. */
export function routeLabel(method: string, path: string): string {
  return `${method} ${path}`;
}
