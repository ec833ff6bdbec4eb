import type { AuditLog } from '@pc/audit-log/audit-log';
import type { SafeFetcher } from '@pc/safe-fetch/safe-fetcher';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { PolitenessSettings } from '../domain/politeness-policy.js';
import type { VisitSettings } from '../domain/visit-schedule.js';
import type { RobotsCache } from '../fetching/robots-cache.js';
import type { HostAccess } from '../politeness/host-access.js';
import type { HostGate } from '../politeness/host-gate.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { CrawlRequests } from '../workflows/crawl-requests.js';

/** What the crawler's RPC handlers use. */
export interface CrawlerDependencies {
  readonly store: CrawlerStore;
  readonly requests: CrawlRequests;
  readonly gate: HostGate;
  readonly robots: RobotsCache;
  readonly staff: StaffCheck;
  /** The crawler's staff writes (hosts, rules, crawls staff start). */
  readonly audit: AuditLog;
  /** A page fetched for staff (the rules' preview): the guard, and the host's turn like any visit. */
  readonly fetcher: SafeFetcher;
  readonly access: HostAccess;
  readonly pageLimits: { readonly maxBytes: number; readonly timeoutMs: number };
  readonly politeness: PolitenessSettings;
  readonly visits: VisitSettings;
  /** The product token robots.txt groups name (from the user agent). */
  readonly robotsToken: string;
  /** The fetch guard's URL check (scheme, port, address literal): throws FetchRefusedError. */
  readonly checkFetchable: (url: URL) => void;
  readonly wake: (host: string) => void;
  readonly now: () => Date;
  readonly sleep: (ms: number) => Promise<void>;
}
