/**
 * Which upstreams a project's proxy may call on the hosted service (issue 40): public unicast
 * addresses only. A proxy is a server-side request on a stranger's behalf, so an upstream must
 * never reach the service's own network: loopback, private, link-local (the cloud metadata
 * address 169.254.169.254 among them), carrier-grade NAT, multicast, unspecified, reserved,
 * and IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo). ipaddr.js names the
 * ranges; anything but its `unicast` is refused. The URL parser has already turned the decimal,
 * octal and hex forms of IPv4 (`2130706433`, `0x7f.1`, `017700000001`) into dotted ones.
 *
 * A name is resolved once, every address it resolves to is checked, and the connection goes to
 * the checked address (`guardedLookup` is the lookup the connection itself uses), so a name that
 * answers a public address to the check and a private one to the connection cannot get through.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ErrorCode } from '@mocksmith/core';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../lib/errors.ts';

/** Why an address may not be called, or null when it is public unicast. */
export function addressRefusal(address: string): string | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return `${bare} is not an IP address`;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is.
  const parsed = ipaddr.process(bare);
  const range = parsed.range();
  if (range === 'unicast') {
    // ipaddr.js calls the IPv4-compatible form (::127.0.0.1, deprecated) unicast.
    if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => !p)) {
      return `${bare} is an IPv4-compatible IPv6 address`;
    }
    return null;
  }
  return `${bare} is a ${RANGE_NAMES[range] ?? `${range}`} address`;
}

/** The ranges' names as a refusal says them. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local (or cloud metadata)',
  uniqueLocal: 'unique local (private IPv6)',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  reserved: 'reserved',
  ipv4Mapped: 'IPv4-mapped',
  rfc6052: 'NAT64 (IPv4-embedded)',
  rfc6145: 'IPv4-translated',
  '6to4': '6to4 (IPv4-embedded)',
  teredo: 'Teredo (IPv4-embedded)',
  benchmarking: 'benchmarking',
};

/** The host of an upstream URL as the connection uses it: brackets and a final dot gone. */
export function bareHost(hostname: string): string {
  const unbracketed =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return unbracketed.replace(/\.$/, '').toLowerCase();
}

/**
 * Why an upstream URL's host may not be called before any lookup (an address literal that is
 * not public, a `localhost` name), or null: a name is checked when it is resolved.
 */
export function hostRefusal(hostname: string): string | null {
  const host = bareHost(hostname);
  if (host === '') return 'the upstream has no host';
  if (ipaddr.isValid(host)) return addressRefusal(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine`;
  // A name must be a name: no zone index or anything a resolver could read as an address.
  if (!/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(host)) {
    return `${host} is not a host name`;
  }
  return null;
}

/** The refusal of an upstream: 502 naming the address and how to allow it when self-hosting. */
export function upstreamRefused(host: string, why: string): AppError {
  return new AppError(
    ErrorCode.UPSTREAM_REFUSED,
    `The proxy does not call ${host}: ${why}. Upstreams must be public; a self-hosted install may allow private ones with MOCK_PROXY_ALLOW_PRIVATE=true`,
  );
}

/** How names are resolved: node:dns's lookup (getaddrinfo) with every address. */
export type Resolver = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * The lookup a connection to an upstream uses: the name resolved once, every address checked
 * (any refused refuses the call), the connection made to the checked one. Node asks for one
 * address, or for all of them when it tries several families in turn (autoSelectFamily).
 */
export function guardedLookup(resolver: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.map((one) => addressRefusal(one.address)).find((why) => why);
      if (addresses.length === 0 || refused) {
        const refusal = upstreamRefused(hostname, refused ?? 'it resolves to no address');
        return callback(refusal as unknown as NodeJS.ErrnoException, '', 0);
      }
      const first = addresses[0] as LookupAddress;
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      }
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Why an upstream URL may not be called, checked the way a connection would reach it, or null:
 * its host, then (for a name) every address the resolver gives. The proxy itself checks in the
 * connection's own lookup (guardedLookup); this is the same check in one call, for the tests and
 * for saying at once why a URL will not be forwarded to.
 */
export function upstreamRefusal(
  url: string,
  resolver: Resolver = systemResolver,
): Promise<string | null> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return Promise.resolve(`${url} is not a URL`);
  }
  const early = hostRefusal(hostname);
  const host = bareHost(hostname);
  if (early !== null || ipaddr.isValid(host)) return Promise.resolve(early);
  return new Promise((resolvePromise) => {
    guardedLookup(resolver)(host, {}, (error) => {
      resolvePromise(error ? (error as Error).message : null);
    });
  });
}
