/**
 * A project as the files of a directory hold it (issue 38), once read and checked: what the
 * command-line runner serves and what the hosted service imports and exports. The format of the
 * files themselves (one project file, one file per route and per collection, YAML or JSON, each
 * with its JSON Schema) is format.ts's; this is the value both sides of it agree on.
 */

import type { JsonObject } from '../json.ts';
import type { NetworkProfile } from '../network/profile.ts';
import type { SpecResponse } from '../projects/openapi-import.ts';
import type { Route } from '../projects/route.ts';
import type { ValidationMode } from '../schemas/projects.ts';

/** A token as the files name it: never the secret, the environment variable that holds it. */
export interface TokenReference {
  env: string;
}

/** The project file's content: what the project is and how it behaves. */
export interface ProjectOfFiles {
  name: string;
  slug: string;
  /** The seed of its collections' records and of replayed delays and faults. */
  seed: number;
  /** The OpenAPI file its routes were made from, relative to its directory (the runner reads it). */
  spec?: string;
  settings: {
    overrides: boolean;
    network: NetworkProfile | null;
    replay: boolean;
    logging: boolean;
    authToken: TokenReference | null;
    /** Calls of routes that carry an OpenAPI contract checked against it (issue 40); off when absent. */
    validation?: ValidationMode;
    /** Where the calls no route answers are forwarded (issue 40); absent or null: nowhere. */
    proxy?: { url: string; record: boolean; recordLimit: number } | null;
  };
}

/** A route of the files: core's Route but its ids, its token a reference. */
export type RouteOfFiles = Omit<Route, 'id' | 'requestId' | 'authToken'> & {
  /** Its path in the project (`/users/{id}`): a route of files always has one. */
  path: string;
  /** The name the project page shows it by; absent, the page names it by method and path. */
  name?: string;
  authToken: TokenReference | null;
};

/** A collection of the files: its definition but what the service numbers. */
export interface CollectionOfFiles {
  name: string;
  /** The list's path in the project (`/users`). */
  path: string;
  template: JsonObject;
  count: number;
  unknownFields: 'refuse' | 'keep';
  cascade: boolean;
  authToken: TokenReference | null;
}

/** A project read from its files. */
export interface ProjectBundle {
  project: ProjectOfFiles;
  routes: RouteOfFiles[];
  collections: CollectionOfFiles[];
  /**
   * What the spec the project names says each operation answers (drift), read with the spec
   * (never written to a file); absent without one.
   */
  specResponses?: SpecResponse[];
}

/** Why a file was refused: the file (relative to the directory), the line, and the reason. */
export interface FileProblem {
  file: string;
  /** 1-based; absent when the problem is the file's as a whole. */
  line?: number;
  message: string;
}
