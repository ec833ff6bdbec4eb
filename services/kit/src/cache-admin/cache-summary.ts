import type { Cache } from '../ports/cache.js';

/** A summary looks at this many keys at most: a staff page must answer quickly on a large Redis. */
export const SUMMARY_MAX_KEYS = 10_000;
/** Keys per scan step of a summary (the port's most). */
const STEP = 1_000;

export interface CacheGroupSummary {
  readonly prefix: string;
  /** Rate limiters' windows, grouped apart from the values. */
  readonly rateLimit: boolean;
  readonly keys: number;
  readonly valueBytes: number;
}

export interface CacheSummary {
  readonly groups: readonly CacheGroupSummary[];
  readonly keys: number;
  readonly valueBytes: number;
  /** Every key was looked at (false: the first SUMMARY_MAX_KEYS only). */
  readonly complete: boolean;
}

/** A key's group: its first segment with the ':' that ends it ("session:abc" → "session:"), or the key itself. */
export function keyGroup(key: string): string {
  const colon = key.indexOf(':');
  return colon < 0 ? key : key.slice(0, colon + 1);
}

/** Counts and value bytes per key group, from bounded scan steps (SCAN, never KEYS). */
export async function summarizeCache(cache: Cache, maxKeys = SUMMARY_MAX_KEYS): Promise<CacheSummary> {
  const groups = new Map<string, { prefix: string; rateLimit: boolean; keys: number; valueBytes: number }>();
  let keys = 0;
  let valueBytes = 0;
  let cursor = '';
  do {
    const page = await cache.scanKeys('', { cursor, limit: STEP });
    for (const info of page.keys) {
      const prefix = keyGroup(info.key);
      const name = `${info.rateLimit ? 'r' : 'v'}${prefix}`;
      const group = groups.get(name) ?? { prefix, rateLimit: info.rateLimit, keys: 0, valueBytes: 0 };
      group.keys += 1;
      group.valueBytes += info.sizeBytes;
      groups.set(name, group);
      keys += 1;
      valueBytes += info.sizeBytes;
    }
    cursor = page.cursor;
  } while (cursor !== '' && keys < maxKeys);
  return {
    groups: [...groups.values()].sort(
      (a, b) => Number(a.rateLimit) - Number(b.rateLimit) || b.keys - a.keys || a.prefix.localeCompare(b.prefix),
    ),
    keys,
    valueBytes,
    complete: cursor === '',
  };
}
