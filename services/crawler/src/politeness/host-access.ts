import { hostKeyOf } from '../domain/crawl-url.js';
import { activeSlowdownMs, effectiveDelayMs, type PolitenessSettings } from '../domain/politeness-policy.js';
import type { HostRecord, RobotsRecord } from '../domain/records.js';
import type { RobotsCache } from '../fetching/robots-cache.js';
import { VisitDeferred, VisitForbidden, type VisitTurn } from '../fetching/visit-outcomes.js';
import { checkRobots, crawlDelayFor } from '../robots/robots-matcher.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import { crawlerMetrics } from '../workflows/crawler-metrics.js';
import type { HostGate } from './host-gate.js';

export interface HostAccessOptions {
  readonly store: CrawlerStore;
  readonly gate: HostGate;
  readonly robots: RobotsCache;
  readonly politeness: PolitenessSettings;
  /** The product token robots.txt groups name. */
  readonly userAgent: string;
  /** A turn further away than this gives the request back rather than wait for it holding the host. */
  readonly maxTurnWaitMs: number;
  readonly now: () => Date;
  /** A host's robots.txt was fetched (its sitemaps are worth a visit). */
  readonly onRobots?: (host: string, record: RobotsRecord, origin: string) => Promise<void>;
}

export interface TurnOptions {
  /** How long the lease may outlive a crashed holder (a long feed download holds it longer than a page). */
  readonly leaseMs?: number;
  /** Checked under the lease before anything is fetched: throws VisitDeferred when the request is no longer wanted. */
  readonly stillWanted?: () => Promise<void>;
  /**
   * A robots.txt fetched in this turn hands its sitemaps to the frontier (`onRobots`): for page
   * visits. A feed fetch does not — a shop with feeds is read from its feeds, not crawled.
   */
  readonly followSitemaps?: boolean;
}

/**
 * Everything before a request to a shop leaves, for pages and feeds alike (ADR 039b): the host's
 * lease (one request in flight across replicas), a fresh robots.txt (fetched in the host's own
 * turn), its verdict on the URL, then the host's quiet time since its last request. Throws
 * VisitDeferred (come back later; nothing was sent) or VisitForbidden (robots.txt says no).
 */
export class HostAccess {
  constructor(private readonly options: HostAccessOptions) {}

  async begin(host: string, url: string, turn: TurnOptions = {}): Promise<VisitTurn> {
    const { store, gate, now } = this.options;
    const settings = await store.hosts.get(host);
    const lease = await gate.lease(host, settings?.maxConcurrency ?? 1, turn.leaseMs);
    if (!lease) throw new VisitDeferred('another replica is visiting the host', now().getTime() + 250);
    try {
      await turn.stillWanted?.();
      if (settings?.paused) throw new VisitDeferred('host paused', now().getTime() + 60_000);
      const origin = new URL(url).origin;
      let robots = await this.options.robots.fresh(host, now());
      if (!robots) {
        await this.waitTurn(host);
        const delayMs = this.delayOf(settings, null);
        try {
          // A redirect on the host waits its turn like any request; one elsewhere is followed (RFC 9309 §2.3.1.2).
          robots = await this.options.robots.fetch(origin, host, now, async (_from, to) => {
            if (hostKeyOf(to) === host) await this.pause(host, delayMs);
            return true;
          });
        } finally {
          await gate.endTurn(host, this.delayOf(settings, robots ?? null));
        }
        crawlerMetrics.robotsFetched(robots.httpStatus);
        if (turn.followSitemaps !== false) await this.options.onRobots?.(host, robots, origin);
      }
      const rule = this.options.robots.ruleOf(robots);
      if (rule.kind === 'disallow-all') throw new VisitForbidden(`robots.txt unavailable: ${rule.reason}`, '', true);
      if (rule.kind === 'rules') {
        const verdict = checkRobots(rule.robots, this.options.userAgent, url);
        if (!verdict.allowed)
          throw new VisitForbidden(
            `disallowed by robots.txt (${verdict.rule?.text ?? ''})`,
            verdict.rule?.text ?? '',
            false,
          );
      }
      const delayMs = this.delayOf(settings, robots);
      await this.waitTurn(host);
      crawlerMetrics.inFlight(host, 1);
      return { lease, at: now().getTime(), delayMs };
    } catch (error) {
      await gate.release(lease);
      throw error;
    }
  }

  /**
   * Before following a redirect within a turn: on the host, its quiet time first (the hop is a
   * request like any other, and the shop's log counts it); to another host, `acrossHosts`
   * decides — a page's redirect elsewhere is not followed (that host has turns of its own).
   */
  async hop(turn: VisitTurn, to: URL, acrossHosts: boolean): Promise<boolean> {
    if (hostKeyOf(to) !== turn.lease.host) return acrossHosts;
    await this.pause(turn.lease.host, turn.delayMs);
    return true;
  }

  /** The answer is read: the host's quiet time starts now, and its lease is free. */
  async end(host: string, turn: VisitTurn): Promise<void> {
    crawlerMetrics.inFlight(host, -1);
    await this.options.gate.endTurn(host, turn.delayMs);
    await this.options.gate.release(turn.lease);
  }

  /** Holding the host's lease: its quiet time from now, waited out in full. */
  private async pause(host: string, delayMs: number): Promise<void> {
    await this.options.gate.endTurn(host, delayMs);
    await this.options.gate.awaitTurn(host);
  }

  /** The host's quiet time after its last request; a long wait gives the request back instead of holding the host. */
  private async waitTurn(host: string): Promise<void> {
    const backoff = await this.options.gate.backoffUntil(host);
    if (backoff > this.options.now().getTime()) throw new VisitDeferred('host backing off', backoff);
    const wait = await this.options.gate.awaitTurn(host, this.options.maxTurnWaitMs);
    if (wait > 0) throw new VisitDeferred('waiting for the host’s turn', this.options.now().getTime() + wait);
  }

  /** The delay after a request to the host: staff's override or the default, at least its Crawl-delay, plus a throttle's slowdown. */
  private delayOf(host: HostRecord | null, robots: RobotsRecord | null): number {
    const rule = robots ? this.options.robots.ruleOf(robots) : null;
    const crawlDelaySeconds = rule?.kind === 'rules' ? crawlDelayFor(rule.robots, this.options.userAgent) : null;
    return effectiveDelayMs(this.options.politeness, {
      overrideDelayMs: host?.overrideDelayMs ?? 0,
      crawlDelaySeconds,
      slowdownMs: activeSlowdownMs(host, this.options.now()),
    });
  }
}
