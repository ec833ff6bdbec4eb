import { lookup } from 'node:dns/promises';

/** One instance answering behind a service's address, as its ops server's `/healthz` tells it. */
export interface ReplicaInfo {
  readonly address: string;
  readonly live: boolean;
  readonly version: string;
  readonly commit: string;
  /** The instance's own name (pod or host, and its process id). */
  readonly instance: string;
}

export type Resolve = (host: string) => Promise<string[]>;

/** Every address the name resolves to (a headless Service in the cluster resolves to each pod). */
export const resolveAll: Resolve = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The replicas of one service: every address its ops URL's host resolves to (as a gRPC client's
 * `dns:///` does), each asked for its `/healthz` in parallel; one that does not answer within
 * `timeoutMs` is listed as not live. `npm start` runs one of each on 127.0.0.1.
 */
export async function readReplicas(
  url: string,
  timeoutMs: number,
  resolve: Resolve = resolveAll,
): Promise<ReplicaInfo[]> {
  const base = new URL(url);
  const host = base.hostname.replace(/^\[|\]$/g, '');
  const addresses = await resolve(host).catch(() => [] as string[]);
  return Promise.all(
    addresses.map(async (address) => {
      const at = new URL(base.href);
      at.hostname = address.includes(':') ? `[${address}]` : address;
      try {
        const answer = await fetch(new URL('/healthz', at), { signal: AbortSignal.timeout(timeoutMs) });
        const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
        return {
          address,
          live: answer.ok,
          version: text(body.version),
          commit: text(body.commit),
          instance: text(body.instance),
        };
      } catch {
        return { address, live: false, version: '', commit: '', instance: '' };
      }
    }),
  );
}
