import { status as GrpcStatus } from '@grpc/grpc-js';
import { CacheAdminServiceService, type GetCacheSummaryResponse } from '@pc/proto/staff/v1/caches';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { SERVICE_ADDRESSES, SERVICE_NAMES, type ServiceName } from './addresses.server';
import { client } from './grpc.server';

/** One service's cache (its namespace) as the caches page shows it. */
export interface CacheView {
  readonly service: ServiceName;
  readonly adapter: string;
  readonly keys: number;
  readonly valueBytes: number;
  readonly complete: boolean;
  readonly groups: readonly {
    readonly prefix: string;
    readonly rateLimit: boolean;
    readonly keys: number;
    readonly valueBytes: number;
  }[];
}

export interface CacheKeyRow {
  readonly key: string;
  readonly valueBytes: number;
  /** Milliseconds left; null: it never expires. */
  readonly ttlMs: number | null;
  readonly rateLimit: boolean;
}

const caches = (service: ServiceName) => client(CacheAdminServiceService, SERVICE_ADDRESSES[service]);

export const isCacheService = (value: string): value is ServiceName => (SERVICE_NAMES as string[]).includes(value);

/** A service that serves no CacheAdminService keeps no cache: it is left out, not an error. */
const keepsNoCache = (error: unknown) => error instanceof RpcError && error.code === GrpcStatus.UNIMPLEMENTED;

/** A service's summary answer as the page shows it. */
export const cacheView = (service: ServiceName, answer: GetCacheSummaryResponse): CacheView => ({
  service,
  adapter: answer.adapter,
  keys: Number(answer.keys),
  valueBytes: Number(answer.valueBytes),
  complete: answer.complete,
  groups: answer.groups.map((group) => ({
    prefix: group.prefix,
    rateLimit: group.rateLimit,
    keys: Number(group.keys),
    valueBytes: Number(group.valueBytes),
  })),
});

/**
 * Every service's cache with its key groups (each service checks staff:infrastructure);
 * `unreachable` names the services that did not answer.
 */
export async function cacheViews(actorUserId: string): Promise<{ caches: CacheView[]; unreachable: string[] }> {
  const unreachable: string[] = [];
  const answers = await Promise.all(
    SERVICE_NAMES.map(async (service) => {
      try {
        return cacheView(service, await caches(service).getCacheSummary({ actorUserId }));
      } catch (error) {
        if (keepsNoCache(error)) return null;
        if (error instanceof RpcError && error.code === GrpcStatus.PERMISSION_DENIED) throw error;
        unreachable.push(service);
        return null;
      }
    }),
  );
  return { caches: answers.filter((view): view is CacheView => view !== null), unreachable };
}

/** One service's cache summary (the flush's confirm step reads it). */
export async function cacheOf(actorUserId: string, service: ServiceName): Promise<CacheView> {
  return cacheView(service, await caches(service).getCacheSummary({ actorUserId }));
}

/**
 * One bounded step of a service's keys under a prefix; `cursor` resumes the scan. `replica` (one
 * replica's own address) reads that replica's in-process cache; without it the call goes to the
 * service's address.
 */
export async function cacheKeys(
  actorUserId: string,
  service: ServiceName,
  prefix: string,
  cursor: string,
  replica?: string,
): Promise<{ keys: CacheKeyRow[]; nextCursor: string }> {
  const reader = replica ? client(CacheAdminServiceService, replica) : caches(service);
  const answer = await reader.listCacheKeys({ actorUserId, prefix, cursor, limit: 100 });
  return {
    keys: answer.keys.map((key) => ({
      key: key.key,
      valueBytes: Number(key.valueBytes),
      ttlMs: key.expires ? Number(key.ttlMs) : null,
      rateLimit: key.rateLimit,
    })),
    nextCursor: answer.nextCursor,
  };
}

/**
 * Deletes a service's keys under `prefix` ('' : the whole namespace), its rate-limit windows there
 * too with `rateLimits`; the service checks the role and audits it.
 */
export async function flushCache(
  actorUserId: string,
  service: ServiceName,
  prefix: string,
  rateLimits: boolean,
): Promise<number> {
  return Number((await caches(service).flushCache({ actorUserId, prefix, all: prefix === '', rateLimits })).deleted);
}
