/**
 * What the server knew of a signed-in page's subject when it sent the page: a named shell comes
 * with its user's name (the dashboard's welcome, the account page) or its project's painted in
 * its intro (the server fills the build's slots, apps/server/src/plugins/web.ts). The user's is
 * the stored user's at the first render; the project's comes in a JSON block too, so that the
 * page's first render, before the project is fetched, shows the heading the shell painted rather
 * than a loading line in its place.
 */

/** The id of the JSON block the server writes into a filled shell. */
export const SHELL_FACTS_ID = 'mocksmith-shell-facts';

/** Where the build's shell names its user, and gives their address (the server fills both). */
export const USER_NAME_SLOT = '%MOCKSMITH_USER_NAME%';
export const USER_EMAIL_SLOT = '%MOCKSMITH_USER_EMAIL%';

/** Where the build's shell names the project; the server puts the escaped name there. */
export const PROJECT_NAME_SLOT = '%MOCKSMITH_PROJECT_NAME%';
/** Where it links to the project (a path segment: letters and underscores only). */
export const PROJECT_ID_SLOT = '__MOCKSMITH_PROJECT_ID__';

export interface ShellFacts {
  projectId: string;
  projectName: string;
}

let read: ShellFacts | null | undefined;

/** The block's facts, checked for their shape: none outside a browser or in another page. */
function shellFacts(): ShellFacts | null {
  if (read !== undefined) return read;
  read = null;
  if (typeof document === 'undefined') return read;
  const text = document.getElementById(SHELL_FACTS_ID)?.textContent;
  if (!text) return read;
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === 'object' &&
      value !== null &&
      'projectId' in value &&
      'projectName' in value &&
      typeof value.projectId === 'string' &&
      typeof value.projectName === 'string'
    ) {
      read = { projectId: value.projectId, projectName: value.projectName };
    }
  } catch {
    // Not ours: the page renders as without it.
  }
  return read;
}

/** The name of project `projectId` as the server sent it with the page, if it did. */
export function shellProjectName(projectId: string): string | undefined {
  const facts = shellFacts();
  return facts?.projectId === projectId ? facts.projectName : undefined;
}
