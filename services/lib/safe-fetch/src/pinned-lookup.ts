import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { checkAddress } from './address-check.js';
import { FetchRefusedError } from './errors.js';
import type { FetchPolicy } from './fetch-policy.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to its addresses (the system resolver by default; tests pass their own). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 })));
    });
  });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The `lookup` option of net.connect / tls.connect. */
export type ConnectLookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * The lookup a guarded connection uses instead of the system's: it resolves the host once, refuses
 * the connection when any address is one the policy refuses (a host must not mix public and private
 * answers), and hands the socket exactly the address it checked. The socket connects to what was
 * checked, so a DNS answer that changes between a check and the connect (DNS rebinding) has no
 * window: there is no second resolution. Each new connection resolves and checks again.
 */
export function pinnedLookup(policy: FetchPolicy, resolver: Resolver = systemResolver): ConnectLookup {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(new FetchRefusedError('dns', `${hostname} has no address`, hostname), '');
          return;
        }
        for (const entry of addresses) {
          const verdict = checkAddress(entry.address, policy);
          if (!verdict.allowed) {
            callback(
              new FetchRefusedError(
                'address',
                `${hostname} resolves to ${verdict.reason.replace(/^\S+ is /, '')} (${entry.address})`,
                hostname,
              ),
              '',
            );
            return;
          }
        }
        const pinned = addresses[0]!;
        if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
        else callback(null, pinned.address, pinned.family);
      },
      (error: NodeJS.ErrnoException) => {
        callback(
          new FetchRefusedError('dns', `${hostname} does not resolve (${error.code ?? error.message})`, hostname),
          '',
        );
      },
    );
  };
}
