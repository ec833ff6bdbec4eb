import type { HostRecord, ShopRecord } from '../domain/records.js';
import type { CrawlerStore } from '../store/crawler-store.js';

export function newHostRecord(host: string, shopId: string, now: Date): HostRecord {
  return {
    _id: host,
    shopId,
    paused: false,
    overrideDelayMs: 0,
    maxConcurrency: 1,
    backoffUntil: null,
    lastThrottledAt: null,
    consecutiveErrors: 0,
    lastErrors: [],
    lastFetchedAt: null,
    fetchesByHour: {},
    rules: null,
    rulesUpdatedAt: null,
    createdAt: now.toISOString(),
  };
}

/** The shop a host belongs to, as ShopChanged told it (null when none does). */
export async function shopOfHost(store: CrawlerStore, host: string): Promise<ShopRecord | null> {
  const [shop] = await store.shops.find({ hosts: host, deleted: false }, { limit: 1 });
  return shop ?? null;
}

/** The host's record, created on first use with the shop it belongs to. */
export async function ensureHost(store: CrawlerStore, host: string, now: Date): Promise<HostRecord> {
  const existing = await store.hosts.get(host);
  if (existing) return existing;
  const shop = await shopOfHost(store, host);
  const created = await store.hosts.update(host, (current) => current ?? newHostRecord(host, shop?._id ?? '', now));
  return created!;
}
