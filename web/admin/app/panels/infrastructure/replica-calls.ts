import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { resolveAll, type Resolve } from './service-replicas';

/** One replica's outcome: its own gRPC address (`10.1.2.3:50051`) and its answer or failure. */
export type ReplicaResult<T> =
  | { readonly address: string; readonly ok: true; readonly value: T }
  | { readonly address: string; readonly ok: false; readonly error: unknown };

export interface ReplicaCallOptions {
  /** How long the name's resolution may take; a name not resolved by then counts as resolving to nothing. */
  readonly resolveTimeoutMs: number;
  readonly resolve?: Resolve;
}

/** `host:port`, `dns:///host:port` or `dns://<dns server>/host:port` (kit's grpcAddress) split in two. */
export function hostAndPort(grpcAddress: string): { host: string; port: string } {
  const match = /^(?:dns:\/\/[^/]*\/)?(\[[0-9a-fA-F:]+\]|[^:/[\]]+):(\d{1,5})$/.exec(grpcAddress);
  if (!match) throw new Error(`"${grpcAddress}" is not host:port or dns:///host:port`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port: match[2]! };
}

const withPort = (address: string, port: string): string =>
  address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;

function withinTime<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not resolved within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Each replica's own gRPC address behind a service's address: every address its host resolves
 * to (a headless Service resolves to each ready pod, `npm start`'s 127.0.0.1 to itself), with the
 * address's port; none when the name does not resolve in time.
 */
export async function replicaAddresses(grpcAddress: string, options: ReplicaCallOptions): Promise<string[]> {
  const { host, port } = hostAndPort(grpcAddress);
  const resolved = await withinTime((options.resolve ?? resolveAll)(host), options.resolveTimeoutMs).catch(
    () => [] as string[],
  );
  return [...new Set(resolved)].map((address) => withPort(address, port));
}

/**
 * `call` made to every replica behind a service's address at once (a call through the address
 * itself reaches one of them). Every replica has an outcome, in resolution order; a name that
 * resolves to nothing is one failure (UNAVAILABLE, as a call would fail) under the address as
 * configured, so the caller can name it.
 * The caller bounds each call with its deadline.
 */
export async function callEveryReplica<T>(
  grpcAddress: string,
  call: (address: string) => Promise<T>,
  options: ReplicaCallOptions,
): Promise<ReplicaResult<T>[]> {
  const addresses = await replicaAddresses(grpcAddress, options);
  if (addresses.length === 0) {
    return [
      {
        address: grpcAddress,
        ok: false,
        error: new RpcError(GrpcStatus.UNAVAILABLE, `${grpcAddress} resolves to no address`),
      },
    ];
  }
  return Promise.all(
    addresses.map(async (address): Promise<ReplicaResult<T>> => {
      try {
        return { address, ok: true, value: await call(address) };
      } catch (error) {
        return { address, ok: false, error };
      }
    }),
  );
}
