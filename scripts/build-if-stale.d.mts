/** The repository's root folder. */
export const root: string;
/** Runs npm with these arguments in the repository; throws if it fails. */
export function runNpm(args: string[]): void;
/** Builds the web app and the server unless both exist and no source changed since; returns whether it built. */
export function buildIfStale(): boolean;
