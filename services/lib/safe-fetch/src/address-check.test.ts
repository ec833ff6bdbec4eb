import { checkAddress } from './address-check.js';
import { parseFetchPolicy, strictFetchPolicy } from './fetch-policy.js';

describe('checkAddress', () => {
  it.each([['93.184.216.34'], ['8.8.8.8'], ['100.128.0.1'], ['172.32.0.1'], ['2606:4700:4700::1111']])(
    'lets the public address %s through',
    (address) => {
      expect(checkAddress(address, strictFetchPolicy)).toEqual({ allowed: true });
    },
  );

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'unique local'],
    ['fc00::1', 'unique local'],
    ['::ffff:127.0.0.1', 'IPv4 address inside'],
    ['::ffff:8.8.8.8', 'IPv4 address inside'],
    ['::ffff:a9fe:a9fe', 'IPv4 address inside'],
    ['::7f00:1', 'IPv4 address inside'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['2002:a00:1::1', '6to4'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'reserved'],
    ['ff02::1', 'multicast'],
  ])('refuses %s (%s)', (address, words) => {
    const verdict = checkAddress(address, strictFetchPolicy);
    expect(verdict.allowed).toBe(false);
    expect(!verdict.allowed && verdict.reason).toContain(words);
  });

  it('refuses what is not an IP address', () => {
    expect(checkAddress('localhost', strictFetchPolicy).allowed).toBe(false);
  });

  it('lets a non-public address through only when the policy names its range', () => {
    const policy = parseFetchPolicy({ FETCH_ALLOW_PRIVATE: '127.0.0.1, 10.1.0.0/16' });
    expect(checkAddress('127.0.0.1', policy).allowed).toBe(true);
    expect(checkAddress('127.0.0.2', policy).allowed).toBe(false);
    expect(checkAddress('10.1.200.3', policy).allowed).toBe(true);
    expect(checkAddress('10.2.0.1', policy).allowed).toBe(false);
    // The allowed IPv4 address does not open its IPv6-mapped form.
    expect(checkAddress('::ffff:127.0.0.1', policy).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', policy).allowed).toBe(false);
  });
});
