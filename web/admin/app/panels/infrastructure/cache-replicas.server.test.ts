import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { GetCacheSummaryResponse } from '@pc/proto/staff/v1/caches';
import { chosenReplica } from './cache-browse.server';
import { summedCache } from './cache-replicas.server';
import type { ReplicaResult } from './replica-calls';

/** One replica's summary, as its CacheAdminService answers it. */
const summary = (
  groups: { prefix: string; keys: number; valueBytes: number; rateLimit?: boolean }[],
  complete = true,
): GetCacheSummaryResponse => ({
  service: 'billing',
  adapter: 'embedded',
  groups: groups.map((group) => ({ rateLimit: false, ...group })),
  keys: groups.reduce((sum, group) => sum + group.keys, 0),
  valueBytes: groups.reduce((sum, group) => sum + group.valueBytes, 0),
  complete,
});

const podA: ReplicaResult<GetCacheSummaryResponse> = {
  address: '10.1.0.7:50051',
  ok: true,
  value: summary([
    { prefix: 'quote:', keys: 3, valueBytes: 300 },
    { prefix: 'login:', keys: 1, valueBytes: 8, rateLimit: true },
  ]),
};
const podB: ReplicaResult<GetCacheSummaryResponse> = {
  address: '10.1.0.9:50051',
  ok: true,
  value: summary(
    [
      { prefix: 'quote:', keys: 2, valueBytes: 200 },
      { prefix: 'fx:', keys: 4, valueBytes: 40 },
    ],
    false,
  ),
};
const podC: ReplicaResult<GetCacheSummaryResponse> = {
  address: '10.1.0.11:50051',
  ok: false,
  error: new RpcError(GrpcStatus.UNAVAILABLE, 'connection refused'),
};

describe('the caches page’s summary of an in-process cache over its replicas', () => {
  it('sums the replicas that answered, group by group, and keeps each replica’s own counts', () => {
    const cache = summedCache('billing', 'embedded', [podA, podB, podC]);
    expect([cache.keys, cache.valueBytes, cache.complete]).toEqual([10, 548, false]);
    expect(cache.groups).toEqual([
      { prefix: 'quote:', rateLimit: false, keys: 5, valueBytes: 500 },
      { prefix: 'fx:', rateLimit: false, keys: 4, valueBytes: 40 },
      { prefix: 'login:', rateLimit: true, keys: 1, valueBytes: 8 },
    ]);
    expect(cache.replicas).toEqual([
      { address: '10.1.0.7:50051', answered: true, keys: 4, valueBytes: 308, complete: true },
      { address: '10.1.0.9:50051', answered: true, keys: 6, valueBytes: 240, complete: false },
      { address: '10.1.0.11:50051', answered: false },
    ]);
  });

  it('browses the replica asked for, the first that answered by default, and refuses any other', () => {
    const cache = summedCache('billing', 'embedded', [podC, podA, podB]);
    expect(chosenReplica(cache, '')).toEqual({ ok: true, replica: '10.1.0.7:50051' });
    expect(chosenReplica(cache, '10.1.0.9:50051')).toEqual({ ok: true, replica: '10.1.0.9:50051' });
    // One that did not answer the summary may still be asked for: it was resolved.
    expect(chosenReplica(cache, '10.1.0.11:50051')).toEqual({ ok: true, replica: '10.1.0.11:50051' });
    expect(chosenReplica(cache, '10.6.6.6:50051')).toEqual({ ok: false, problem: 'caches.badReplica' });
    // A shared (Redis) cache is one cache: there is no replica to choose.
    const shared = { ...summedCache('billing', 'redis', [podA]), replicas: null };
    expect(chosenReplica(shared, '')).toEqual({ ok: true, replica: '' });
    expect(chosenReplica(shared, '10.1.0.7:50051')).toEqual({ ok: false, problem: 'caches.sharedCache' });
  });
});
