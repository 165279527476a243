/**
 * The lockfile of an empty project that depends on the packed tarball only, made from the
 * repository's: the tarball's dependencies at the versions, places and integrities the
 * repository installed, so that `npm ci --offline` installs it from npm's cache (filled by the
 * repository's `npm ci`) with no registry at all, and exactly what the tests ran against.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface LockedPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

const CLI = 'packages/cli';
const INSTALLED = 'node_modules/@mocksmith/cli';

/** Where Node finds `name` from a package at `place`: its own node_modules, then each parent's. */
function resolve(
  packages: Record<string, LockedPackage>,
  place: string,
  name: string,
): string | null {
  let from = place;
  for (;;) {
    const candidate = from === '' ? `node_modules/${name}` : `${from}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (from === '') return null;
    const parent = from.lastIndexOf('/node_modules/');
    from = parent === -1 ? '' : from.slice(0, parent);
  }
}

/**
 * `repoLock` the repository's package-lock.json, `tarball` the packed file (beside the project,
 * named by `file:`), `manifest` the tarball's package.json.
 */
export function packedProjectLock(repoLock: string, tarball: string, manifest: LockedPackage) {
  const packages = (
    JSON.parse(readFileSync(repoLock, 'utf8')) as {
      packages: Record<string, LockedPackage>;
    }
  ).packages;
  const spec = `file:${basename(tarball)}`;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const out: Record<string, LockedPackage> = {
    '': { name: 'packed', dependencies: { '@mocksmith/cli': spec } },
    [INSTALLED]: {
      version: manifest.version,
      resolved: spec,
      integrity,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
    },
  };
  // The repository's places of the cli's dependencies, moved under the installed package.
  const placeOf = (place: string) =>
    place.startsWith(`${CLI}/`) ? `${INSTALLED}/${place.slice(CLI.length + 1)}` : place;
  const queue: [string, Record<string, string>, Set<string>][] = [
    [CLI, manifest.dependencies ?? {}, new Set()],
  ];
  while (queue.length > 0) {
    const [place, wanted, optional] = queue.shift() as (typeof queue)[number];
    for (const name of Object.keys(wanted)) {
      const found = resolve(packages, place, name);
      if (found === null) {
        if (optional.has(name)) continue;
        throw new Error(`${place} needs ${name}, which the repository's lockfile does not hold`);
      }
      const target = placeOf(found);
      if (out[target]) continue;
      // Flags npm computes from the repository's tree (dev, peer) are its own, not this project's.
      const { dev, devOptional, peer, ...locked } = packages[found] as LockedPackage;
      if (locked.link) throw new Error(`${name} is a workspace: it must be bundled, not installed`);
      out[target] = locked;
      const peers = locked.peerDependencies ?? {};
      const optionalPeers = Object.keys(peers).filter(
        (peer) => locked.peerDependenciesMeta?.[peer]?.optional,
      );
      queue.push([
        found,
        { ...locked.dependencies, ...locked.optionalDependencies, ...peers },
        new Set([...Object.keys(locked.optionalDependencies ?? {}), ...optionalPeers]),
      ]);
    }
  }
  return { name: 'packed', lockfileVersion: 3, requires: true, packages: out };
}
