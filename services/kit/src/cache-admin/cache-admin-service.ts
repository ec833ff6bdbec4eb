import { CacheAdminServiceService } from '@pc/proto/staff/v1/caches';
import { InvalidArgumentError } from '../errors/domain-errors.js';
import { serviceRegistration, type ServiceRegistration } from '../grpc/service-types.js';
import type { Cache } from '../ports/cache.js';
import { summarizeCache } from './cache-summary.js';

/** The panel whose role every call needs, and under which a flush is audited. */
const PANEL = 'infrastructure';

/** A flush as the mounting service's audit log takes it. */
export interface CacheAdminAuditEntry {
  readonly actorUserId: string;
  readonly panel: typeof PANEL;
  readonly action: 'cache.flush';
  readonly entityType: 'cache';
  /** `<service>:<prefix>`, `<service>:*` for the whole namespace. */
  readonly entityId: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface CacheAdminDependencies {
  /** The service whose cache (namespace) this is. */
  readonly service: string;
  readonly cache: Cache;
  /** The adapter the config selected (CACHE): embedded or redis. */
  readonly adapter: string;
  /** The staff rule (@pc/staff-access's StaffCheck): resolves, or throws PERMISSION_DENIED / UNAUTHENTICATED. */
  readonly staff: { require(actorUserId: string, action: string, panel: typeof PANEL): Promise<void> };
  /** The service's audit log (@pc/audit-log): a flush is recorded once made. */
  readonly audit: { record(entry: CacheAdminAuditEntry): Promise<unknown> };
}

/** A key prefix staff may type: printable, bounded (keys are short). */
function prefixField(value: string): string {
  if (value.length > 200 || /\p{Cc}/u.test(value))
    throw new InvalidArgumentError([
      { field: 'prefix', reason: 'must be at most 200 printable characters', rule: 'pattern' },
    ]);
  return value;
}

/**
 * pricecompare.staff.v1.CacheAdminService (ADR 063): one service's cache for the infrastructure
 * panel — a summary by key group, keys by prefix in bounded steps, a flush by prefix. The
 * mounting service supplies the staff rule and the audit log.
 */
export function cacheAdminService(deps: CacheAdminDependencies): ServiceRegistration {
  const { service, cache, adapter, staff, audit } = deps;
  const authorize = (actorUserId: string, action: string) => staff.require(actorUserId, action, PANEL);
  return serviceRegistration('pricecompare.staff.v1.CacheAdminService', CacheAdminServiceService, {
    getCacheSummary: async (request) => {
      await authorize(request.actorUserId, 'reading the cache');
      const summary = await summarizeCache(cache);
      return {
        service,
        adapter,
        groups: summary.groups.map((group) => ({ ...group })),
        keys: summary.keys,
        valueBytes: summary.valueBytes,
        complete: summary.complete,
      };
    },

    listCacheKeys: async (request) => {
      const prefix = prefixField(request.prefix);
      await authorize(request.actorUserId, 'listing cache keys');
      const page = await cache.scanKeys(prefix, {
        cursor: request.cursor,
        limit: request.limit === 0 ? undefined : request.limit,
      });
      return {
        keys: page.keys.map((info) => ({
          key: info.key,
          valueBytes: info.sizeBytes,
          ttlMs: info.ttlMs ?? 0,
          expires: info.ttlMs !== null,
          rateLimit: info.rateLimit,
        })),
        nextCursor: page.cursor,
      };
    },

    flushCache: async (request) => {
      const prefix = prefixField(request.prefix);
      if ((prefix === '') !== request.all)
        throw new InvalidArgumentError([
          { field: 'prefix', reason: 'give either a prefix or all (the whole namespace)', rule: 'required' },
        ]);
      await authorize(request.actorUserId, 'flushing the cache');
      const before = await summarizeCache(cache);
      // The groups the prefix reaches into: what the audit keeps of the keys before.
      const matching = before.groups.filter(
        (group) =>
          (request.rateLimits || !group.rateLimit) &&
          (group.prefix.startsWith(prefix) || prefix.startsWith(group.prefix)),
      );
      const deleted = await cache.deleteByPrefix(prefix, { rateLimits: request.rateLimits });
      await audit.record({
        actorUserId: request.actorUserId,
        panel: PANEL,
        action: 'cache.flush',
        entityType: 'cache',
        entityId: `${service}:${prefix || '*'}`,
        before: { groups: matching, complete: before.complete },
        after: { deleted, rateLimits: request.rateLimits },
      });
      return { deleted };
    },
  });
}
