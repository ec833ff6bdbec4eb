import ipaddr from 'ipaddr.js';

/** The ports every policy allows: HTTP and HTTPS on their standard ports. */
export const STANDARD_PORTS: readonly number[] = [80, 443];

export interface PortRange {
  readonly from: number;
  readonly to: number;
}

/** A CIDR range whose addresses are fetched although they are not public (local demo sites). */
export type AddressRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * What the guard lets through. The default (`strictFetchPolicy`) is the cluster profile's: public
 * addresses on ports 80/443 only. Exceptions exist only when configured (FETCH_ALLOW_PORTS,
 * FETCH_ALLOW_PRIVATE), for the local profile whose demo shops listen on 127.0.0.1.
 */
export interface FetchPolicy {
  /** Ports allowed besides 80 and 443. */
  readonly extraPorts: readonly PortRange[];
  /** Non-public addresses allowed all the same. */
  readonly allowedRanges: readonly AddressRange[];
}

export const strictFetchPolicy: FetchPolicy = { extraPorts: [], allowedRanges: [] };

/** The variables a service reads its policy from (names of the README). */
export interface FetchPolicyVariables {
  /** Comma list of ports or ranges, e.g. "8080,9100-9199". */
  readonly FETCH_ALLOW_PORTS?: string;
  /** Comma list of addresses or CIDR ranges, e.g. "127.0.0.1" or "127.0.0.0/8,::1". */
  readonly FETCH_ALLOW_PRIVATE?: string;
}

/** A variable of the policy that does not parse: the variable and what is wrong. */
export class FetchPolicyError extends Error {
  constructor(
    readonly variable: keyof FetchPolicyVariables,
    reason: string,
  ) {
    super(`${variable}: ${reason}`);
    this.name = 'FetchPolicyError';
  }
}

const items = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : null;
}

function parsePortRange(text: string): PortRange {
  const [fromText = '', toText = fromText, ...rest] = text.split('-').map((part) => part.trim());
  const from = parsePort(fromText);
  const to = parsePort(toText);
  if (rest.length > 0 || from === null || to === null || to < from) {
    throw new FetchPolicyError('FETCH_ALLOW_PORTS', `"${text}" is not a port (1-65535) or a range such as 8000-8099`);
  }
  return { from, to };
}

function parseRange(text: string): AddressRange {
  try {
    if (text.includes('/')) return ipaddr.parseCIDR(text);
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    throw new FetchPolicyError(
      'FETCH_ALLOW_PRIVATE',
      `"${text}" is not an IP address or CIDR range such as 127.0.0.0/8`,
    );
  }
}

/** Reads a policy from its variables; throws FetchPolicyError naming the bad one. */
export function parseFetchPolicy(variables: FetchPolicyVariables): FetchPolicy {
  return {
    extraPorts: items(variables.FETCH_ALLOW_PORTS).map(parsePortRange),
    allowedRanges: items(variables.FETCH_ALLOW_PRIVATE).map(parseRange),
  };
}

export function isPortAllowed(policy: FetchPolicy, port: number): boolean {
  return STANDARD_PORTS.includes(port) || policy.extraPorts.some((range) => port >= range.from && port <= range.to);
}
