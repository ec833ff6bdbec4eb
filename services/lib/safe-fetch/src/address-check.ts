import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { FetchPolicy } from './fetch-policy.js';

export type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

/** What ipaddr.js calls the ranges, in words for error messages. */
const RANGE_NAMES: Readonly<Record<string, string>> = {
  private: 'a private address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address (cloud metadata lives there)',
  carrierGradeNat: 'a carrier-grade NAT address',
  uniqueLocal: 'a unique local IPv6 address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved or documentation address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6145: 'an IPv4-translated IPv6 address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

const inAllowedRange = (address: ipaddr.IPv4 | ipaddr.IPv6, policy: FetchPolicy): boolean =>
  policy.allowedRanges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));

/** IPv6 addresses that carry an IPv4 address inside (::a.b.c.d, ::ffff:a.b.c.d): a classic bypass. */
function embedsIpv4(address: ipaddr.IPv6): boolean {
  const parts = address.parts;
  const upperZero = parts.slice(0, 5).every((part) => part === 0);
  return upperZero && (parts[5] === 0xffff || (parts[5] === 0 && (parts[6] !== 0 || (parts[7] ?? 0) > 1)));
}

/**
 * Whether the guard may connect to `address` (an IP literal): only global unicast addresses, as
 * ipaddr.js classifies them, unless the policy allows the address's range explicitly. IPv6 forms
 * that embed an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) are refused outright.
 */
export function checkAddress(address: string, policy: FetchPolicy): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return { allowed: false, reason: `"${address}" is not an IP address` };
  }
  if (inAllowedRange(parsed, policy)) return { allowed: true };
  if (parsed.kind() === 'ipv6' && embedsIpv4(parsed as ipaddr.IPv6)) {
    return { allowed: false, reason: `${address} is an IPv6 address with an IPv4 address inside` };
  }
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true };
  return { allowed: false, reason: `${address} is ${RANGE_NAMES[range] ?? `a special-purpose address (${range})`}` };
}

/** The address as an IP literal, or null when it is a host name. URL hosts keep IPv6 in brackets. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}
