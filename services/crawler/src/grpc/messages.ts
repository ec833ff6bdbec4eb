import {
  HostStatus,
  UrlStatus,
  type CrawlJob,
  type CrawlSchedule,
  type CrawlTarget,
  type CrawlUrl,
  type ExtractionRules,
  type Host,
  type RobotsInfo,
} from '@pc/proto/crawler/v1/types';
import type { Duration } from '@pc/proto/google/protobuf/duration';
import { changesPerDay, NO_CHANGE_HISTORY } from '../domain/change-rate.js';
import type {
  CrawlTargetRecord,
  HostRecord,
  JobRecord,
  RobotsRecord,
  ScheduleRecord,
  UrlRecord,
} from '../domain/records.js';
import type { SelectorRules } from '../extraction/selector-rules.js';

const date = (iso: string | null): Date | undefined => (iso ? new Date(iso) : undefined);
const duration = (ms: number): Duration => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 });

export function targetMessage(target: CrawlTargetRecord): CrawlTarget {
  if (target.url) return { target: { $case: 'url', value: target.url } };
  if (target.feed)
    return { target: { $case: 'feed', value: { shopId: target.feed.shopId, feedId: target.feed.feedId } } };
  return { target: { $case: 'host', value: target.host ?? '' } };
}

export function jobMessage(job: JobRecord): CrawlJob {
  return {
    id: job._id,
    target: targetMessage(job.target),
    status: job.status,
    priority: job.priority,
    attempts: job.attempts,
    scheduleId: job.scheduleId,
    createdAt: date(job.createdAt),
    runAt: date(job.runAt),
    startedAt: date(job.startedAt),
    finishedAt: date(job.finishedAt),
    httpStatus: job.httpStatus,
    error: job.error,
    pagesFetched: job.pagesFetched,
    offersObserved: job.offersObserved,
    reason: job.reason,
  };
}

export function scheduleMessage(schedule: ScheduleRecord): CrawlSchedule {
  return {
    id: schedule._id,
    target: targetMessage(schedule.target),
    interval: duration(schedule.intervalMs),
    enabled: schedule.enabled,
    priority: schedule.priority,
    nextRunAt: date(schedule.nextRunAt),
    lastRunAt: date(schedule.lastRunAt),
    lastStatus: schedule.lastStatus,
    host: schedule.host,
    shopId: schedule.shopId,
    reason: schedule.reason,
  };
}

/** What the host's state adds up to, for the admin's host list. */
export interface HostFacts {
  readonly effectiveDelayMs: number;
  readonly disallowedEntirely: boolean;
  readonly urlsKnown: number;
  readonly urlsDue: number;
  readonly robots: RobotsRecord | null;
  readonly backoffUntil: number;
  readonly now: Date;
}

export function hostMessage(host: HostRecord, facts: HostFacts): Host {
  const backoffUntil = Math.max(facts.backoffUntil, host.backoffUntil ? Date.parse(host.backoffUntil) : 0);
  const backingOff = backoffUntil > facts.now.getTime();
  const status = host.paused
    ? HostStatus.HOST_STATUS_PAUSED
    : backingOff
      ? HostStatus.HOST_STATUS_BACKING_OFF
      : facts.disallowedEntirely
        ? HostStatus.HOST_STATUS_DISALLOWED
        : HostStatus.HOST_STATUS_ACTIVE;
  const since = new Date(facts.now.getTime() - 24 * 3_600_000).toISOString().slice(0, 13);
  return {
    host: host._id,
    status,
    shopId: host.shopId,
    effectiveDelayMs: Math.max(facts.effectiveDelayMs, backingOff ? backoffUntil - facts.now.getTime() : 0),
    overrideDelayMs: host.overrideDelayMs,
    maxConcurrency: host.maxConcurrency,
    backoffUntil: backingOff ? new Date(backoffUntil) : undefined,
    lastThrottledAt: date(host.lastThrottledAt),
    consecutiveErrors: host.consecutiveErrors,
    urlsKnown: facts.urlsKnown,
    pagesFetched24h: Object.entries(host.fetchesByHour).reduce(
      (sum, [hour, count]) => (hour >= since ? sum + count : sum),
      0,
    ),
    lastFetchedAt: date(host.lastFetchedAt),
    robotsFetchedAt: date(facts.robots?.fetchedAt ?? null),
    lastErrors: host.lastErrors.map((error) => ({
      at: new Date(error.at),
      url: error.url,
      error: error.error,
      httpStatus: error.httpStatus,
    })),
    robotsHttpStatus: facts.robots?.httpStatus ?? 0,
    urlsDue: facts.urlsDue,
  };
}

export function urlMessage(url: UrlRecord): CrawlUrl {
  return {
    url: url.url,
    host: url.host,
    shopId: url.shopId,
    status: url.status === 'active' ? UrlStatus.URL_STATUS_ACTIVE : UrlStatus.URL_STATUS_RETIRED,
    kind: url.kind,
    priority: url.priority,
    nextVisitAt: url.status === 'active' ? date(url.nextVisitAt) : undefined,
    lastVisitAt: date(url.lastVisitAt),
    visitInterval: duration(url.intervalMs),
    lastHttpStatus: url.lastHttpStatus,
    lastOutcome: url.lastOutcome,
    lastError: url.lastError,
    offersFound: url.offersFound,
    extractionMethod: url.method,
    flags: [...url.flags],
    unchangedVisits: url.unchangedVisits,
    consecutiveGone: url.consecutiveGone,
    fastMover: url.fastMover ?? false,
    priceChangesPerDay: changesPerDay(url.changeHistory ?? NO_CHANGE_HISTORY),
  };
}

export function robotsMessage(
  record: RobotsRecord,
  userAgent: string,
  crawlDelaySeconds: number | null,
  sitemaps: readonly string[],
): RobotsInfo {
  return {
    host: record._id,
    httpStatus: record.httpStatus,
    body: record.body,
    fetchedAt: new Date(record.fetchedAt),
    expiresAt: new Date(record.expiresAt),
    userAgent,
    crawlDelaySeconds: crawlDelaySeconds ?? 0,
    sitemaps: [...sitemaps],
  };
}

export function rulesMessage(rules: SelectorRules, updatedAt: string | null): ExtractionRules {
  return {
    name: rules.name,
    price: rules.price,
    currency: rules.currency ?? '',
    availability: rules.availability ?? '',
    gtin: rules.gtin ?? '',
    mpn: rules.mpn ?? '',
    sku: rules.sku ?? '',
    brand: rules.brand ?? '',
    image: rules.image ?? '',
    updatedAt: date(updatedAt),
  };
}
