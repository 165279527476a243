import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { addressRefusal, type Resolver, upstreamRefusal } from './upstream-address.ts';

/** Names as a hostile DNS would answer them, without a network. */
const ZONE: Record<string, string[]> = {
  'internal.example': ['10.0.0.5'],
  'router.example': ['192.168.1.1'],
  'metadata.example': ['169.254.169.254'],
  'loop.example': ['127.0.0.1'],
  'loop6.example': ['::1'],
  'mapped.example': ['::ffff:10.1.2.3'],
  'ula.example': ['fd12:3456::1'],
  'cgnat.example': ['100.64.0.1'],
  // One public address and one private: any private one refuses the name.
  'mixed.example': ['93.184.215.14', '172.16.0.9'],
  'zero.example': ['0.0.0.0'],
  'nowhere.example': [],
  'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  localhost: ['127.0.0.1'],
};

const resolver: Resolver = (hostname, callback) => {
  const found = ZONE[hostname];
  if (found === undefined) {
    callback(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      [],
    );
    return;
  }
  callback(
    null,
    found.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

const REFUSED = [
  // IPv4 loopback in every form the URL parser reads.
  'http://127.0.0.1/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0x7f.1/',
  'http://017700000001/',
  'http://0177.0.0.1/',
  'http://127.0.0.1.:8080/',
  // The unspecified address (Linux connects it to this machine).
  'http://0/',
  'http://0.0.0.0/',
  // Private, link-local, cloud metadata, carrier-grade NAT, reserved, multicast, broadcast.
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.0.1/',
  'http://3232235521/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.100.100.200/',
  'http://192.0.0.170/',
  'http://198.18.0.1/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  // IPv6: loopback, unspecified, mapped, compatible, link-local, unique local, NAT64, 6to4, Teredo.
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:10.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://[fe80::1]/',
  'http://[fd00:ec2::254]/',
  'http://[fc00::1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:7f00:1::]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  'http://[ff02::1]/',
  // Names: this machine, and names resolving to private ranges.
  'http://localhost/',
  'http://localhost./',
  'http://LOCALHOST:3000/',
  'http://app.localhost/',
  'http://internal.example/',
  'http://router.example/',
  'http://metadata.example/',
  'http://loop.example./',
  'http://loop6.example/',
  'http://mapped.example/',
  'http://ula.example/',
  'http://cgnat.example/',
  'http://mixed.example/',
  'http://zero.example/',
  'http://nowhere.example/',
  'https://unknown.invalid/',
];

describe('upstream addresses on the hosted service', () => {
  it(`has at least 40 refused upstreams (${REFUSED.length})`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(REFUSED)('refuses %s', async (url) => {
    expect(await upstreamRefusal(url, resolver)).not.toBeNull();
  });

  it('refuses a scoped IPv6 address, which is no URL host at all', async () => {
    expect(await upstreamRefusal('http://[fe80::1%25eth0]/', resolver)).toMatch(/not a URL/);
    expect(addressRefusal('fe80::1%eth0')).toMatch(/link-local/);
  });

  it('names the range it refuses', async () => {
    expect(await upstreamRefusal('http://169.254.169.254/', resolver)).toBe(
      '169.254.169.254 is a link-local (or cloud metadata) address',
    );
    expect(await upstreamRefusal('http://mixed.example/', resolver)).toMatch(
      /172\.16\.0\.9 is a private address/,
    );
  });

  it.each([
    'https://public.example/v1',
    'http://93.184.215.14/',
    'http://[2606:4700:4700::1111]/',
    'http://[::ffff:8.8.8.8]/',
  ])('allows the public upstream %s', async (url) => {
    expect(await upstreamRefusal(url, resolver)).toBeNull();
  });
});
