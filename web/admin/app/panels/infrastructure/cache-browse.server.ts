import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { cacheKeys, type CacheKeyRow } from '../../services/caches.server';
import type { CachePageView } from './cache-replicas.server';

/** Why the replica asked for cannot be browsed: the message key shown beside the replica field. */
export type ReplicaProblem = 'caches.badReplica' | 'caches.sharedCache' | 'caches.replicaNotAnswering';

/** The key browser's step: one service's keys under a prefix, of one replica for an in-process cache. */
export interface KeyBrowse {
  readonly service: string;
  readonly prefix: string;
  /** The replica whose keys these are (in-process cache); '' for a shared cache. */
  readonly replica: string;
  /** The replicas to choose from (in-process cache), in resolution order; none for a shared cache. */
  readonly replicas: readonly string[];
  readonly keys: readonly CacheKeyRow[];
  readonly nextCursor: string;
  readonly problem: ReplicaProblem | null;
}

const NOT_ANSWERING = new Set([GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.CANCELLED]);

/**
 * The replica to browse: for an in-process cache the one asked for, which must be one of the
 * replicas the page resolved, or the first that answered (the first when none did); a shared
 * cache has none to choose ('' : the service's address).
 */
export function chosenReplica(
  cache: CachePageView,
  requested: string,
): { ok: true; replica: string } | { ok: false; problem: ReplicaProblem } {
  if (cache.replicas === null)
    return requested === '' ? { ok: true, replica: '' } : { ok: false, problem: 'caches.sharedCache' };
  if (requested !== '')
    return cache.replicas.some((replica) => replica.address === requested)
      ? { ok: true, replica: requested }
      : { ok: false, problem: 'caches.badReplica' };
  const first = cache.replicas.find((replica) => replica.answered) ?? cache.replicas[0];
  return { ok: true, replica: first?.address ?? '' };
}

/**
 * One bounded step of a cache's keys under `prefix`, of the replica chosen. A replica not among
 * the resolved ones is the caller's 400 (`ok: false`); one that does not answer is said on the
 * page, not fatal.
 */
export async function browseKeys(
  actorUserId: string,
  cache: CachePageView,
  query: { readonly prefix: string; readonly cursor: string; readonly replica: string },
): Promise<{ ok: boolean; browse: KeyBrowse }> {
  const replicas = (cache.replicas ?? []).map((replica) => replica.address);
  const empty = { service: cache.service, prefix: query.prefix, replicas, keys: [], nextCursor: '' };
  const choice = chosenReplica(cache, query.replica);
  if (!choice.ok) return { ok: false, browse: { ...empty, replica: query.replica, problem: choice.problem } };
  try {
    const step = await cacheKeys(actorUserId, cache.service, query.prefix, query.cursor, choice.replica || undefined);
    return { ok: true, browse: { ...empty, ...step, replica: choice.replica, problem: null } };
  } catch (error) {
    // Only a replica chosen by address is said not to answer: a shared cache's call fails as any call does.
    if (choice.replica === '' || !(error instanceof RpcError) || !NOT_ANSWERING.has(error.code)) throw error;
    return { ok: true, browse: { ...empty, replica: choice.replica, problem: 'caches.replicaNotAnswering' } };
  }
}
