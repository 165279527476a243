/**
 * The environment variables a project's files name for their tokens (`authToken: { env: NAME }`):
 * the project's, each route's and each collection's, once each, in that order.
 */
import type { ProjectBundle } from './bundle.ts';

export function tokenNamesOf(bundle: ProjectBundle): string[] {
  const names = [
    bundle.project.settings.authToken?.env,
    ...bundle.routes.map((route) => route.authToken?.env),
    ...bundle.collections.map((collection) => collection.authToken?.env),
  ];
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}
