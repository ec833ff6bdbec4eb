import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { CacheAdminServiceService, type GetCacheSummaryResponse } from '@pc/proto/staff/v1/caches';
import { config } from '../../config.server';
import { SERVICE_ADDRESSES, type ServiceName } from '../../services/addresses.server';
import { cacheView, cacheViews, type CacheView } from '../../services/caches.server';
import { client } from '../../services/grpc.server';
import { callEveryReplica, type ReplicaResult } from './replica-calls';

/** The adapter whose cache lives in each process: one per replica (ADR 063). */
export const IN_PROCESS_ADAPTER = 'embedded';

/** One replica of an in-process cache: its own gRPC address and its own counts, or that it did not answer. */
export type ReplicaCache =
  | {
      readonly address: string;
      readonly answered: true;
      readonly keys: number;
      readonly valueBytes: number;
      /** Every key of this replica was counted (false: its first 10,000). */
      readonly complete: boolean;
    }
  | { readonly address: string; readonly answered: false };

/** A cache as the caches page shows it: an in-process one summed over its replicas, with each replica's counts. */
export interface CachePageView extends CacheView {
  /** Every replica of an in-process cache, in resolution order; null: one cache shared by the replicas (Redis). */
  readonly replicas: readonly ReplicaCache[] | null;
}

/**
 * A replica that has not answered by then is named as not answering: the page waits at most the
 * names' resolution and one such deadline, every replica of every service being asked at once.
 */
const REPLICA_DEADLINE_MS = Math.min(config.SERVICE_DEADLINE_MS, 3_000);
const RESOLVE_TIMEOUT_MS = 2_000;

const groupName = (group: { rateLimit: boolean; prefix: string }) => `${group.rateLimit ? 'r' : 'v'}${group.prefix}`;

/**
 * The cache of every replica that answered as one: keys, value bytes and each key group summed
 * (a key held by two replicas counts twice, as it takes memory twice), groups ordered as a
 * service orders them; complete only when every replica counted all its keys.
 */
export function summedCache(
  service: ServiceName,
  adapter: string,
  results: readonly ReplicaResult<GetCacheSummaryResponse>[],
): CachePageView {
  const answered = results.flatMap((result) =>
    result.ok ? [{ address: result.address, view: cacheView(service, result.value) }] : [],
  );
  const groups = new Map<string, { prefix: string; rateLimit: boolean; keys: number; valueBytes: number }>();
  for (const { view } of answered) {
    for (const group of view.groups) {
      const sum = groups.get(groupName(group)) ?? {
        prefix: group.prefix,
        rateLimit: group.rateLimit,
        keys: 0,
        valueBytes: 0,
      };
      sum.keys += group.keys;
      sum.valueBytes += group.valueBytes;
      groups.set(groupName(group), sum);
    }
  }
  return {
    service,
    adapter,
    keys: answered.reduce((sum, { view }) => sum + view.keys, 0),
    valueBytes: answered.reduce((sum, { view }) => sum + view.valueBytes, 0),
    complete: answered.every(({ view }) => view.complete),
    groups: [...groups.values()].sort(
      (a, b) => Number(a.rateLimit) - Number(b.rateLimit) || b.keys - a.keys || a.prefix.localeCompare(b.prefix),
    ),
    replicas: results.map((result): ReplicaCache => {
      if (!result.ok) return { address: result.address, answered: false };
      const { keys, valueBytes, complete } = cacheView(service, result.value);
      return { address: result.address, answered: true, keys, valueBytes, complete };
    }),
  };
}

/**
 * An in-process cache's summary asked of every replica behind the service's address at once
 * (a call through the address reaches one of them). A refusal of the staff role fails the page;
 * a replica that fails otherwise (down, too slow) is kept as not answering.
 */
export async function cacheOfEveryReplica(
  actorUserId: string,
  service: ServiceName,
  adapter: string,
): Promise<CachePageView> {
  const results = await callEveryReplica(
    SERVICE_ADDRESSES[service],
    (address) => client(CacheAdminServiceService, address, REPLICA_DEADLINE_MS).getCacheSummary({ actorUserId }),
    { resolveTimeoutMs: RESOLVE_TIMEOUT_MS },
  );
  for (const result of results) {
    if (!result.ok && result.error instanceof RpcError && result.error.code === GrpcStatus.PERMISSION_DENIED)
      throw result.error;
  }
  return summedCache(service, adapter, results);
}

/**
 * Every service's cache for the caches page: a shared one from the one call through the
 * service's address, an in-process one summed over every replica. `unreachable` names the
 * services that did not answer, and the replicas as "service (address)".
 */
export async function cachePageViews(actorUserId: string): Promise<{ caches: CachePageView[]; unreachable: string[] }> {
  const { caches, unreachable } = await cacheViews(actorUserId);
  const views = await Promise.all(
    caches.map((cache): Promise<CachePageView> | CachePageView =>
      cache.adapter === IN_PROCESS_ADAPTER
        ? cacheOfEveryReplica(actorUserId, cache.service, cache.adapter)
        : { ...cache, replicas: null },
    ),
  );
  const missed = views.flatMap((view) =>
    (view.replicas ?? [])
      .filter((replica) => !replica.answered)
      .map((replica) => `${view.service} (${replica.address})`),
  );
  return { caches: views, unreachable: [...unreachable, ...missed] };
}
