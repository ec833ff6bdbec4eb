import {
  errorBackoffMs,
  retryAfterMs,
  slowdownAfterThrottle,
  type PolitenessSettings,
} from '../domain/politeness-policy.js';
import type { HostGate } from '../politeness/host-gate.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { HostActivity } from './host-activity.js';

export interface HostTroubleDeps {
  readonly store: CrawlerStore;
  readonly gate: HostGate;
  readonly activity: HostActivity;
  readonly politeness: PolitenessSettings;
}

/**
 * What a host's bad answers do to it, for every replica, whatever was asked (a page, a feed):
 * a 429/503 backs it off for Retry-After and slows it down for the next hour; errors back it
 * off exponentially with their number in a row. Each returns when the host may be asked again.
 */
export class HostTroubles {
  constructor(private readonly deps: HostTroubleDeps) {}

  /** 429/503: nothing until Retry-After (or the throttle delay), then a longer delay between requests. */
  async throttled(
    host: string,
    url: string,
    status: number,
    retryAfter: string | readonly string[] | undefined,
    at: Date,
  ): Promise<Date> {
    const header = Array.isArray(retryAfter) ? retryAfter[0] : (retryAfter as string | undefined);
    const until = new Date(at.getTime() + retryAfterMs(this.deps.politeness, header, at));
    await this.deps.gate.backOff(host, until, at);
    await this.deps.store.hosts.update(host, (current) =>
      current
        ? {
            ...current,
            backoffUntil: until.toISOString(),
            lastThrottledAt: at.toISOString(),
            slowdownMs: slowdownAfterThrottle(this.deps.politeness, current, at),
          }
        : null,
    );
    this.deps.activity.failed(host, { at: at.toISOString(), url, error: `http ${status}`, httpStatus: status });
    return until;
  }

  /** 5xx, timeouts, network failures: the host backs off exponentially with its errors in a row. */
  async failed(host: string, url: string, httpStatus: number, error: string, at: Date): Promise<Date> {
    const { activity, gate, politeness } = this.deps;
    activity.failed(host, { at: at.toISOString(), url, error, httpStatus });
    const inARow = await activity.consecutiveErrors(host);
    const until = new Date(at.getTime() + errorBackoffMs(politeness, inARow));
    await gate.backOff(host, until, at);
    return until;
  }
}
