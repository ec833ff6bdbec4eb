import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { CacheAdminServiceService } from '@pc/proto/staff/v1/caches';
import { SERVICE_ADDRESSES, type ServiceName } from '../../services/addresses.server';
import { cacheOf, flushCache } from '../../services/caches.server';
import { client } from '../../services/grpc.server';
import { callEveryReplica } from './replica-calls';

export interface FlushOutcome {
  /** Keys deleted, on every replica reached together. */
  readonly deleted: number;
  /** Replicas of an in-process cache that did not answer, as "service (address)": their keys stay. */
  readonly missed: string[];
}

const RESOLVE_TIMEOUT_MS = 2_000;
const NOT_ANSWERING = new Set([GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.CANCELLED]);

/**
 * A flush that reaches the whole cache: an embedded (in-process) cache is one per replica, so
 * every replica behind the service's address is asked at once; a shared one (Redis) is flushed
 * by one call. A replica that does not answer is named, the others still flushed; when none
 * answers the flush fails as a single call would.
 */
export async function flushEveryReplica(
  actorUserId: string,
  service: ServiceName,
  prefix: string,
  rateLimits: boolean,
): Promise<FlushOutcome> {
  const { adapter } = await cacheOf(actorUserId, service);
  if (adapter !== 'embedded')
    return { deleted: await flushCache(actorUserId, service, prefix, rateLimits), missed: [] };
  const replicas = await callEveryReplica(
    SERVICE_ADDRESSES[service],
    (address) =>
      client(CacheAdminServiceService, address).flushCache({ actorUserId, prefix, all: prefix === '', rateLimits }),
    { resolveTimeoutMs: RESOLVE_TIMEOUT_MS },
  );
  let deleted = 0;
  const missed: string[] = [];
  let failure: unknown;
  for (const replica of replicas) {
    if (replica.ok) {
      deleted += Number(replica.value.deleted);
      continue;
    }
    // Refused (the role, a bad prefix): every replica answers the same, the caller's to show.
    if (replica.error instanceof RpcError && !NOT_ANSWERING.has(replica.error.code)) throw replica.error;
    failure ??= replica.error;
    missed.push(`${service} (${replica.address})`);
  }
  if (missed.length === replicas.length) throw failure;
  return { deleted, missed };
}
