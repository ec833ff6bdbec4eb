import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Names a host resolves to (every address, as the connection could use any). */
export type Resolver = (host: string) => Promise<string[]>;

/** How long a host may take to resolve (a resolver that never answers must not hold a subscription call). */
const LOOKUP_TIMEOUT_MS = 3_000;

/** The system's resolver, as the connection will use it (hosts file included). */
const systemResolver: Resolver = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${host} took too long`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([lookup(host, { all: true, verbatim: true }), timeout])).map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
};

/** Hosts our own local push service listens on (tests and `npm start`). */
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether an address is on the public internet: not private, loopback, link-local (the cloud
 * metadata services at 169.254.169.254), carrier-grade NAT, unique-local, multicast, reserved or
 * unspecified — an IPv4-mapped IPv6 address counts as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export type EndpointVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Which push endpoints notifications sends to (issue 43: an anonymous subscription to
 * https://10.0.0.1 or 169.254.169.254 made the service POST there). A push service is a public
 * https host on port 443: the scheme, the port and every address the host resolves to are
 * checked, and no credentials may ride in the URL. `allowLocalHttp` (PUSH_ALLOW_LOCAL_HTTP, for
 * our own local push service) is the one exception, for http on a loopback host.
 *
 * Checked when a subscription is stored and again before each send, so a host that later
 * resolves to a private address is not reached.
 */
export class PushEndpointPolicy {
  constructor(
    private readonly options: { readonly allowLocalHttp: boolean; readonly resolve?: Resolver },
  ) {}

  async check(endpoint: string): Promise<EndpointVerdict> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return refused('must be an https URL of a push service');
    }
    if (this.options.allowLocalHttp && url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname)) return { ok: true };
    if (url.protocol !== 'https:') return refused('must be an https URL of a push service');
    if (url.port !== '' && url.port !== '443') return refused('must use port 443');
    if (url.username !== '' || url.password !== '') return refused('must not carry credentials');
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    try {
      addresses = ipaddr.isValid(host) ? [host] : await (this.options.resolve ?? systemResolver)(host);
    } catch {
      return refused('its host does not resolve');
    }
    if (addresses.length === 0 || !addresses.every(isPublicAddress)) return refused('its host must be a public address');
    return { ok: true };
  }
}

const refused = (reason: string): EndpointVerdict => ({ ok: false, reason });
