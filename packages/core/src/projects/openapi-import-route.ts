/**
 * Planning one route of an import into a project (openapi-import.ts): the operations placed at
 * one method and path, their responses in order with one default, the header values that choose
 * among them, and the route's settings.
 */
import { isNode } from '../openapi/answer.ts';
import {
  RESPONSE_MODES,
  type ResponseMatch,
  type ResponseMode,
  type RouteMethod,
  type RouteResponse,
} from './model.ts';
import { MOCKSMITH_EXTENSIONS } from './openapi-export.ts';
import type { PlannedRoute } from './openapi-import.ts';
import type { Discriminated, Operation, Planner } from './openapi-import-document.ts';
import { operationName, responseName, uniqueName } from './openapi-import-paths.ts';
import { type Entry, operationEntries } from './openapi-import-responses.ts';
import { routeSettings } from './openapi-import-rules.ts';
import { projectImportTexts, routeLabel } from './openapi-import-texts.ts';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]{1,100}$/;

/** The operations that become one route. */
export interface Group {
  method: RouteMethod;
  /** At the spec's path, and its key: what the import finds the route by. */
  path: string;
  key: string;
  /** Where the route answers: the server's prefix kept in front of `path`. */
  routePath: string;
  plain?: Operation;
  choices: Discriminated[];
}

/**
 * The route of a group: the plain operation's responses, then one response per chosen
 * operation (its success answer, answering when the header has its value), within the limit
 * of a route. Undefined when nothing of the group can answer (each operation recorded as
 * skipped).
 */
export function planRoute(
  group: Group,
  planner: Planner,
  maxResponses: number,
  maxRules: number,
): PlannedRoute | undefined {
  const path = group.routePath;
  const label = routeLabel(group.method, path);
  const entries: Entry[] = [];
  if (group.plain) {
    const own = operationEntries(group.plain, planner, false);
    if (own.length === 0) {
      planner.skipped.push({ operation: group.plain.label, reason: projectImportTexts.noAnswer });
    } else if (own.length > maxResponses) {
      planner.warnings.push(
        projectImportTexts.responsesLeftOut(
          group.plain.label,
          own.length - maxResponses,
          maxResponses,
        ),
      );
    }
    entries.push(...own.slice(0, maxResponses));
  }
  const byHeader = group.choices.find((choice) => choice.place === 'header');
  const byQuery = group.choices.find((choice) => choice.place === 'query');
  for (const choice of group.choices) {
    if (entries.length >= maxResponses) {
      planner.skipped.push({
        operation: choice.operation.label,
        reason: projectImportTexts.tooManyResponses(label, maxResponses),
      });
      continue;
    }
    const [entry] = operationEntries(choice.operation, planner, true);
    if (!entry) {
      planner.skipped.push({
        operation: choice.operation.label,
        reason: projectImportTexts.noAnswer,
      });
      continue;
    }
    const header = choice.name.toLowerCase();
    const when: ResponseMatch | null =
      choice.place === 'header' && HEADER_NAME.test(header) && choice.value.length <= 1000
        ? { header, equals: choice.value }
        : null;
    const operationId = choice.operation.node.operationId;
    entries.push({
      ...entry,
      name: typeof operationId === 'string' && operationId !== '' ? operationId : choice.value,
      isDefault: false,
      restored: false,
      when,
      // Another operation's example: the plain operation's request examples do not pair with it.
      exampleKey: undefined,
    });
  }
  if (entries.length === 0) return undefined;
  const answersMore = (choice: Discriminated) =>
    isNode(choice.operation.node.responses) &&
    Object.keys(choice.operation.node.responses).length > 1;
  if (byHeader && group.choices.some(answersMore))
    planner.warnings.push(projectImportTexts.choiceErrorsLeftOut(label, byHeader.name));
  if (byQuery) planner.warnings.push(projectImportTexts.choiceByQuery(label, byQuery.name));

  if (entries.every((entry) => entry.order !== undefined)) {
    entries.sort((a, b) => (a.order as number) - (b.order as number));
  }
  const restoredDefault = entries.find((entry) => entry.restored && entry.isDefault);
  const chosen = restoredDefault ?? entries.find((entry) => entry.isDefault) ?? entries[0];
  const names = new Set<string>();
  const responses = entries.map(
    ({ order: _order, restored: _restored, exampleKey: _key, ...response }) => ({
      ...response,
      name: uniqueName(responseName(response.name, String(response.status)), names),
      isDefault: false,
    }),
  );
  (responses[entries.indexOf(chosen as Entry)] as RouteResponse).isDefault = true;

  const settings = group.plain
    ? routeSettings(group.plain, group.path, entries, responses, planner, maxRules)
    : {};
  const mode = group.plain?.node[MOCKSMITH_EXTENSIONS.responseMode];
  return {
    importKey: routeLabel(group.method, group.key),
    method: group.method,
    path,
    name: group.plain
      ? operationName(group.plain)
      : `Operations chosen by ${(byHeader ?? byQuery)?.name ?? 'name'}`,
    responses,
    responseMode: (RESPONSE_MODES as readonly unknown[]).includes(mode)
      ? (mode as ResponseMode)
      : 'default',
    ...settings,
  };
}
