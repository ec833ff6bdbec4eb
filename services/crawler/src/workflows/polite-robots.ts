import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { RobotsRecord } from '../domain/records.js';
import { effectiveDelayMs, type PolitenessSettings } from '../domain/politeness-policy.js';
import type { RobotsCache } from '../fetching/robots-cache.js';
import type { HostGate } from '../politeness/host-gate.js';
import type { CrawlerStore } from '../store/crawler-store.js';

/** How long an RPC waits for a host to be free before answering UNAVAILABLE. */
const WAIT_MS = 10_000;
const POLL_MS = 100;

/**
 * A host's robots.txt for the RPCs (GetRobots, CheckUrl): the stored one while fresh, else
 * fetched now — as politely as a page: under the host's lease and in its turn, so staff looking
 * at a host never add a request the crawl would not have made.
 */
export async function politeRobots(
  deps: {
    store: CrawlerStore;
    gate: HostGate;
    robots: RobotsCache;
    politeness: PolitenessSettings;
    now: () => Date;
    sleep: (ms: number) => Promise<void>;
  },
  origin: string,
  host: string,
  refresh: boolean,
): Promise<RobotsRecord> {
  if (!refresh) {
    const fresh = await deps.robots.fresh(host, deps.now());
    if (fresh) return fresh;
  }
  const started = deps.now().getTime();
  const settings = await deps.store.hosts.get(host);
  for (;;) {
    const lease = await deps.gate.lease(host, settings?.maxConcurrency ?? 1);
    if (lease) {
      try {
        const wait = await deps.gate.awaitTurn(host, WAIT_MS);
        if (wait === 0) {
          try {
            return await deps.robots.fetch(origin, host, deps.now);
          } finally {
            await deps.gate.endTurn(
              host,
              effectiveDelayMs(deps.politeness, {
                overrideDelayMs: settings?.overrideDelayMs ?? 0,
                crawlDelaySeconds: null,
              }),
            );
          }
        }
      } finally {
        await deps.gate.release(lease);
      }
    }
    if (deps.now().getTime() - started > WAIT_MS) {
      const stored = await deps.robots.stored(host);
      if (stored) return stored;
      throw new UnavailableError(`${host} is busy; its robots.txt could not be fetched within ${WAIT_MS / 1000} s`);
    }
    await deps.sleep(POLL_MS);
  }
}
