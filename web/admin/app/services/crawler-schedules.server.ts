import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { crawlJobStatusToJSON, type CrawlSchedule, type CrawlTarget } from '@pc/proto/crawler/v1/types';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { config } from '../config.server';
import type { CrawlStart } from '../panels/crawler/crawl-starts';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { pageRequest, tablePage } from '../tables/table-page';

const crawler = client(CrawlerServiceService, config.CRAWLER_GRPC_ADDR);
// CheckUrl reads robots.txt first when the crawler has none of the host (politely, in its turn).
const robotsChecking = client(
  CrawlerServiceService,
  config.CRAWLER_GRPC_ADDR,
  Math.max(config.SERVICE_DEADLINE_MS, 15_000),
);
const offers = client(OffersServiceService, config.OFFERS_GRPC_ADDR);

const jobStatusName = (status: number): string =>
  crawlJobStatusToJSON(status).replace('CRAWL_JOB_STATUS_', '').toLowerCase();

/** The latest crawl of a schedule's target (GetCrawlStatus), as the schedules page shows it. */
export interface CrawlState {
  readonly jobId: string;
  /** queued, running, succeeded, failed, blocked_by_robots, backing_off, canceled. */
  readonly status: string;
  /** When it finished, else started, else was queued. */
  readonly at: string;
  readonly pagesFetched: number;
  readonly offersObserved: number;
  readonly httpStatus: number;
  readonly error: string;
  /** Jobs ahead of it on its host while queued. */
  readonly queuePosition: number;
}

/** A recurring crawl (ListSchedules) with its target's latest crawl. */
export interface ScheduleRow {
  readonly id: string;
  /** site: a host's discovery; page: one URL; feed: a shop's feed (its schedule follows the shop's feed settings). */
  readonly kind: 'site' | 'page' | 'feed';
  /** The host, the URL or the feed id. */
  readonly target: string;
  readonly host: string;
  readonly shopId: string;
  readonly intervalSeconds: number;
  readonly enabled: boolean;
  readonly priority: number;
  readonly nextRunAt: string;
  readonly lastRunAt: string;
  readonly reason: string;
  readonly crawl: CrawlState | null;
}

function targetOf(target: CrawlTarget | undefined): Pick<ScheduleRow, 'kind' | 'target'> {
  const chosen = target?.target;
  if (chosen?.$case === 'url') return { kind: 'page', target: chosen.value };
  if (chosen?.$case === 'feed') return { kind: 'feed', target: chosen.value.feedId };
  return { kind: 'site', target: chosen?.value ?? '' };
}

/** The latest job of the target; null when it has none (or its feed is gone). */
async function crawlStateOf(target: CrawlTarget | undefined): Promise<CrawlState | null> {
  if (!target?.target) return null;
  try {
    const { job, queuePosition } = await crawler.getCrawlStatus({ jobId: '', target });
    if (!job) return null;
    return {
      jobId: job.id,
      status: jobStatusName(job.status),
      at: (job.finishedAt ?? job.startedAt ?? job.createdAt)?.toISOString() ?? '',
      pagesFetched: Number(job.pagesFetched),
      offersObserved: Number(job.offersObserved),
      httpStatus: job.httpStatus,
      error: job.error,
      queuePosition: Number(queuePosition),
    };
  } catch (error) {
    if (error instanceof RpcError && [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT].includes(error.code))
      return null;
    throw error;
  }
}

const scheduleRow = async (schedule: CrawlSchedule): Promise<ScheduleRow> => ({
  id: schedule.id,
  ...targetOf(schedule.target),
  host: schedule.host,
  shopId: schedule.shopId,
  intervalSeconds: schedule.interval?.seconds ?? 0,
  enabled: schedule.enabled,
  priority: schedule.priority,
  nextRunAt: schedule.nextRunAt?.toISOString() ?? '',
  lastRunAt: schedule.lastRunAt?.toISOString() ?? '',
  reason: schedule.reason,
  crawl: await crawlStateOf(schedule.target),
});

/** The schedules, soonest run first (the crawler's order), by shop, host and state; the crawler pages them. */
export async function scheduleTable(actorUserId: string, query: TableQuery): Promise<TablePage<ScheduleRow>> {
  const answer = await crawler.listSchedules({
    actorUserId,
    shopId: (query.filters.shop ?? '').trim(),
    host: (query.filters.host ?? '').trim().toLowerCase(),
    enabledOnly: query.filters.state === 'enabled',
    page: pageRequest(query),
  });
  return tablePage(await Promise.all(answer.schedules.map(scheduleRow)), answer.page, query);
}

/** A host's schedules (enabled ones only when asked), without their crawls. */
export async function schedulesOfHost(actorUserId: string, host: string, enabledOnly: boolean) {
  const answer = await crawler.listSchedules({
    actorUserId,
    shopId: '',
    host,
    enabledOnly,
    page: { page: 1, hitsPerPage: 200 },
  });
  return answer.schedules.map((schedule) => ({
    id: schedule.id,
    ...targetOf(schedule.target),
    host: schedule.host,
    enabled: schedule.enabled,
    intervalSeconds: schedule.interval?.seconds ?? 0,
  }));
}

/** One schedule of a host (null when the crawler has none of this id there). */
export async function scheduleOfHost(actorUserId: string, host: string, scheduleId: string) {
  return (await schedulesOfHost(actorUserId, host, false)).find((schedule) => schedule.id === scheduleId) ?? null;
}

const crawlRequest = (actorUserId: string, start: CrawlStart, intervalSeconds: number, reason: string) => ({
  actorUserId,
  target: {
    target:
      start.kind === 'site'
        ? ({ $case: 'host', value: start.host } as const)
        : ({ $case: 'url', value: start.url } as const),
  },
  priority: 0,
  runAt: undefined,
  interval: intervalSeconds > 0 ? { seconds: intervalSeconds, nanos: 0 } : undefined,
  reason,
});

/**
 * The crawler's own check of a crawl (validate_only): the URL or the site's start page through the
 * fetch guard, the interval, the reason, a paused host and the role; nothing is queued. Its refusal
 * is thrown (an RpcError with the field at fault).
 */
export async function checkCrawl(
  actorUserId: string,
  start: CrawlStart,
  intervalSeconds: number,
  reason: string,
): Promise<void> {
  await crawler.scheduleCrawl({ ...crawlRequest(actorUserId, start, intervalSeconds, reason), validateOnly: true });
}

/** Queues the crawl, and with an interval its schedule; the crawler checks staff:crawler and audits it. */
export async function startCrawl(
  actorUserId: string,
  start: CrawlStart,
  intervalSeconds: number,
  reason: string,
): Promise<{ jobId: string; scheduleId: string }> {
  const answer = await crawler.scheduleCrawl(crawlRequest(actorUserId, start, intervalSeconds, reason));
  return { jobId: answer.job?.id ?? '', scheduleId: answer.schedule?.id ?? '' };
}

/** Disables a schedule (CancelCrawl); the crawler checks staff:crawler and audits it. */
export async function disableSchedule(actorUserId: string, scheduleId: string): Promise<void> {
  await crawler.cancelCrawl({ actorUserId, jobId: '', scheduleId });
}

/** What robots.txt says of a URL for the crawler: its verdict, or unknown now (robots.txt not obtainable, the crawler busy). */
export type RobotsVerdict =
  | { readonly known: true; readonly allowed: boolean; readonly rule: string; readonly line: number }
  | { readonly known: false; readonly reason: string };

export async function robotsVerdict(url: string): Promise<RobotsVerdict> {
  try {
    const answer = await robotsChecking.checkUrl({ url, userAgent: '' });
    // "Disallow all" without a rule is robots.txt not answering now: the crawler waits for it.
    if (!answer.allowed && answer.matchedLine === 0) return { known: false, reason: answer.matchedRule };
    return { known: true, allowed: answer.allowed, rule: answer.matchedRule, line: answer.matchedLine };
  } catch (error) {
    if (
      error instanceof RpcError &&
      [GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.INVALID_ARGUMENT].includes(error.code)
    )
      return { known: false, reason: error.details };
    throw error;
  }
}

const SHOP_STATUS_NAMES: Readonly<Partial<Record<ShopStatus, string>>> = {
  [ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD]: 'awaiting_payment_method',
  [ShopStatus.SHOP_STATUS_PENDING_ACTIVATION]: 'pending_activation',
  [ShopStatus.SHOP_STATUS_ACTIVE]: 'active',
  [ShopStatus.SHOP_STATUS_SUSPENDED]: 'suspended',
};

/** A shop as offers knows it, with what the crawler files its hosts by; null when unknown or deleted. */
export async function shopToCrawl(actorUserId: string, shopId: string) {
  try {
    const { shop } = await offers.getShop({ shopId, actorUserId });
    if (!shop) return null;
    return {
      id: shop.id,
      name: shop.name,
      domain: shop.domain,
      homepageUrl: shop.homepageUrl,
      status: SHOP_STATUS_NAMES[shop.status] ?? 'deleted',
    };
  } catch (error) {
    if (error instanceof RpcError && [GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT].includes(error.code))
      return null;
    throw error;
  }
}
