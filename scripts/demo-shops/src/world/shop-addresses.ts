/**
 * Where a demo shop lives: each shop has its own loopback address, all on one port
 * (ADR 041). Linux routes all of 127.0.0.0/8 to the loopback interface, so `127.10.0.1`,
 * `127.10.0.2`, … are distinct hosts a browser and the crawler reach without DNS, each with its
 * own robots.txt and politeness budget. The admin and index pages stay on 127.0.0.1.
 */
export interface ShopAddressing {
  /** The first two octets of the shops' addresses, e.g. "127.10". */
  readonly network: string;
  readonly port: number;
}

/** 250 shops per third octet, fourth octet 1..250: no .0 or .255 anywhere. */
const PER_BLOCK = 250;

export function shopAddress(index: number, addressing: ShopAddressing): string {
  return `${addressing.network}.${Math.floor(index / PER_BLOCK)}.${1 + (index % PER_BLOCK)}`;
}

/** The shop index an address belongs to, or null for any other address. */
export function shopIndexOf(address: string, addressing: ShopAddressing): number | null {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (!plain.startsWith(`${addressing.network}.`)) return null;
  const [block, host] = plain
    .slice(addressing.network.length + 1)
    .split('.')
    .map(Number);
  if (
    block === undefined ||
    host === undefined ||
    !Number.isInteger(block) ||
    !Number.isInteger(host) ||
    host < 1 ||
    host > PER_BLOCK
  )
    return null;
  return block * PER_BLOCK + host - 1;
}

export const shopBaseUrl = (index: number, addressing: ShopAddressing): string =>
  `http://${shopAddress(index, addressing)}:${addressing.port}`;

/** Checks a network prefix ("127.10"): two octets, inside 127.0.0.0/8. */
export function isLoopbackNetwork(network: string): boolean {
  const octets = network.split('.');
  return octets.length === 2 && octets[0] === '127' && /^\d{1,3}$/.test(octets[1] ?? '') && Number(octets[1]) <= 255;
}
