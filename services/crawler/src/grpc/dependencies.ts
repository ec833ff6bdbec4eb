import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { PolitenessSettings } from '../domain/politeness-policy.js';
import type { VisitSettings } from '../domain/visit-schedule.js';
import type { RobotsCache } from '../fetching/robots-cache.js';
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
