import { randomUUID } from 'node:crypto';
import type {
  CancelCrawlRequest,
  CancelCrawlResponse,
  GetCrawlStatusRequest,
  GetCrawlStatusResponse,
  ListCrawlJobsRequest,
  ListCrawlJobsResponse,
  ListSchedulesRequest,
  ListSchedulesResponse,
  ScheduleCrawlRequest,
  ScheduleCrawlResponse,
} from '@pc/proto/crawler/v1/crawler';
import { CrawlJobStatus, type CrawlTarget, type FeedTarget } from '@pc/proto/crawler/v1/types';
import { FailedPreconditionError, InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { hostKeyOf, urlIdOf } from '../domain/crawl-url.js';
import type { FeedRecord, ScheduleRecord } from '../domain/records.js';
import { feedScheduleId } from '../events/feed-directory.js';
import type { CrawlerDependencies } from './dependencies.js';
import { jobMessage, scheduleMessage } from './messages.js';
import { fetchableUrlField, hostField, priorityField } from './request-fields.js';
import type { RequestOptions } from '../workflows/crawl-requests.js';

const MIN_INTERVAL_MS = 15 * 60_000;
const PAGING = { defaultSize: 50, maxSize: 200 };

type ResolvedTarget = { readonly url: URL } | { readonly host: string } | { readonly feed: FeedRecord };

async function resolveTarget(
  target: CrawlTarget | undefined,
  deps: CrawlerDependencies,
  toFetch: boolean,
): Promise<ResolvedTarget> {
  const chosen = target?.target;
  if (!chosen)
    throw new InvalidArgumentError([
      { field: 'target', reason: 'is required: a url, a host or a feed', rule: 'required' },
    ]);
  if (chosen.$case === 'url') {
    return { url: fetchableUrlField('target.url', chosen.value, deps.checkFetchable) };
  }
  if (chosen.$case === 'host') {
    const host = hostField('target.host', chosen.value);
    // A site is crawled from its start page: the fetch guard judges that before anything is queued.
    if (toFetch) fetchableUrlField('target.host', (await deps.requests.startUrlOf(host)).href, deps.checkFetchable);
    return { host };
  }
  return { feed: await feedOf(chosen.value, deps, toFetch) };
}

/** The feed of a feed target, as ShopChanged told it: NOT_FOUND when unknown, gone or not the shop's. */
async function feedOf(target: FeedTarget, deps: CrawlerDependencies, toFetch: boolean): Promise<FeedRecord> {
  if (!target.feedId.trim())
    throw new InvalidArgumentError([{ field: 'target.feed.feed_id', reason: 'is required', rule: 'required' }]);
  const feed = await deps.store.feeds.get(target.feedId.trim());
  if (!feed || feed.deleted || (target.shopId && feed.shopId !== target.shopId))
    throw new NotFoundError('feed', target.feedId);
  if (toFetch && !feed.enabled)
    throw new FailedPreconditionError(`feed ${feed._id} is disabled, or its shop is not listed`, {
      reason: 'FEED_DISABLED',
    });
  return feed;
}

/** ScheduleCrawl: a job on the target now (or at run_at), and a schedule when an interval is given. */
export async function scheduleCrawl(
  request: ScheduleCrawlRequest,
  deps: CrawlerDependencies,
): Promise<ScheduleCrawlResponse> {
  const target = await resolveTarget(request.target, deps, true);
  const priority = priorityField('priority', request.priority);
  const intervalMs = request.interval
    ? request.interval.seconds * 1000 + Math.floor(request.interval.nanos / 1_000_000)
    : 0;
  if (request.interval && intervalMs < MIN_INTERVAL_MS)
    throw new InvalidArgumentError([
      { field: 'interval', reason: 'must be at least 15 minutes', rule: 'min', params: { min: '15m' } },
    ]);
  if (request.reason.length > 200)
    throw new InvalidArgumentError([
      { field: 'reason', reason: 'must be at most 200 characters', rule: 'max', params: { max: '200' } },
    ]);
  // A shop's owner may have one of their own feeds read now ("analyse now" in shop settings); the
  // actor is the verified user of the call (ADR 052). Anything else, and any schedule, is staff's.
  const ownFeedNow =
    'feed' in target &&
    !request.interval &&
    request.actorUserId !== '' &&
    (await deps.store.shops.get(target.feed.shopId))?.ownerUserId === request.actorUserId;
  if (!ownFeedNow) await deps.staff.require(request.actorUserId, 'scheduling a crawl');
  if (request.validateOnly) {
    // Checked as it would be queued (a paused host refuses its jobs), and nothing more.
    const host =
      'feed' in target ? hostKeyOf(new URL(target.feed.url)) : 'url' in target ? hostKeyOf(target.url) : target.host;
    if ((await deps.store.hosts.get(host))?.paused)
      throw new FailedPreconditionError(`host ${host} is paused`, { reason: 'HOST_PAUSED' });
    return { job: undefined, schedule: undefined };
  }
  const now = deps.now();
  const runAt = request.runAt && request.runAt.getTime() > now.getTime() ? request.runAt : now;
  const reason = request.reason.trim() || ('feed' in target ? 'analyse now' : 'admin');
  const options = { priority, runAt, reason, scheduleId: '' };
  if ('feed' in target) return scheduleFeed(target.feed, request.interval ? intervalMs : 0, options, deps);
  let schedule: ScheduleRecord | null = null;
  const host = 'url' in target ? target.url.host.toLowerCase() : target.host;
  if (request.interval) {
    schedule = {
      _id: `sch_${randomUUID()}`,
      target: 'url' in target ? { url: target.url.href } : { host: target.host },
      host,
      shopId: (await deps.store.hosts.get(host))?.shopId ?? '',
      intervalMs,
      enabled: true,
      priority,
      nextRunAt: new Date(runAt.getTime() + intervalMs).toISOString(),
      lastRunAt: runAt.toISOString(),
      lastStatus: CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED,
      reason,
    };
  }
  const scheduled = { ...options, scheduleId: schedule?._id ?? '' };
  const job =
    'url' in target
      ? await deps.requests.visitUrl(target.url, scheduled)
      : await deps.requests.discoverHost(await deps.requests.startUrlOf(target.host), scheduled);
  if (schedule) await deps.store.schedules.put({ ...schedule, shopId: job.shopId });
  return {
    job: jobMessage(job),
    schedule: schedule ? scheduleMessage({ ...schedule, shopId: job.shopId }) : undefined,
  };
}

/**
 * A feed fetched now ("analyse now"); with an interval, its schedule (one per feed, which
 * ShopChanged keeps too) runs at that interval from now on.
 */
async function scheduleFeed(
  feed: FeedRecord,
  intervalMs: number,
  options: RequestOptions,
  deps: CrawlerDependencies,
): Promise<ScheduleCrawlResponse> {
  const job = await deps.requests.fetchFeed(feed, { ...options, scheduleId: feedScheduleId(feed._id) });
  const schedule = intervalMs
    ? await deps.store.schedules.update(feedScheduleId(feed._id), (current) =>
        current
          ? {
              ...current,
              intervalMs,
              priority: Math.max(current.priority, options.priority),
              nextRunAt: new Date(options.runAt.getTime() + intervalMs).toISOString(),
            }
          : null,
      )
    : null;
  return { job: jobMessage(job), schedule: schedule ? scheduleMessage(schedule) : undefined };
}

/** The stored form of a resolved target, to find its jobs. */
function targetFilter(target: ResolvedTarget): Filter {
  if ('url' in target) return { 'target.url': target.url.href };
  if ('feed' in target) return { 'target.feed.feedId': target.feed._id };
  return { 'target.host': target.host };
}

export async function getCrawlStatus(
  request: GetCrawlStatusRequest,
  deps: CrawlerDependencies,
): Promise<GetCrawlStatusResponse> {
  let job;
  if (request.jobId) job = await deps.store.jobs.get(request.jobId);
  else if (request.target) {
    const target = await resolveTarget(request.target, deps, false);
    [job] = await deps.store.jobs.find(targetFilter(target), { sort: { createdAt: -1 }, limit: 1 });
  } else throw new InvalidArgumentError([{ field: 'job_id', reason: 'give job_id or target', rule: 'required' }]);
  if (!job) throw new NotFoundError('crawl job', request.jobId || 'for the target');
  let queuePosition = 0;
  if (job.status === CrawlJobStatus.CRAWL_JOB_STATUS_QUEUED && job.target.url) {
    const url = await deps.store.urls.get(urlIdOf(job.target.url));
    if (url)
      queuePosition = await deps.store.urls.count({
        host: url.host,
        status: 'active',
        nextVisitAt: { $lt: url.nextVisitAt },
      });
  }
  return { job: jobMessage(job), queuePosition };
}

export async function listCrawlJobs(
  request: ListCrawlJobsRequest,
  deps: CrawlerDependencies,
): Promise<ListCrawlJobsResponse> {
  const page = resolvePage(request.page, PAGING);
  await deps.staff.require(request.actorUserId, 'listing crawl jobs');
  const filter: Record<string, unknown> = {};
  if (request.statuses.length > 0) filter.status = { $in: request.statuses };
  if (request.host) filter.host = hostField('host', request.host);
  if (request.shopId) filter.shopId = request.shopId;
  const [jobs, total] = await Promise.all([
    deps.store.jobs.find(filter as Filter, { sort: { createdAt: -1 }, skip: page.skip, limit: page.hitsPerPage }),
    deps.store.jobs.count(filter as Filter),
  ]);
  return { jobs: jobs.map(jobMessage), page: pageResponse(page, total) };
}

export async function cancelCrawl(
  request: CancelCrawlRequest,
  deps: CrawlerDependencies,
): Promise<CancelCrawlResponse> {
  if (!request.jobId === !request.scheduleId)
    throw new InvalidArgumentError([
      { field: 'job_id', reason: 'give exactly one of job_id and schedule_id', rule: 'required' },
    ]);
  await deps.staff.require(request.actorUserId, 'cancelling a crawl');
  // Staff's cancellations are audited; a service's own (no actor) are not staff writes.
  const audit = (entry: { action: string; entityType: string; entityId: string; before: unknown; after: unknown }) =>
    request.actorUserId ? deps.audit.record({ actorUserId: request.actorUserId, panel: 'crawler', ...entry }) : null;
  if (request.jobId) {
    const before = await deps.store.jobs.get(request.jobId);
    const job = await deps.requests.cancel(request.jobId);
    if (!job || !before) throw new NotFoundError('crawl job', request.jobId);
    await audit({
      action: 'crawl.cancel',
      entityType: 'crawl_job',
      entityId: job._id,
      before: { status: before.status, target: before.target },
      after: { status: job.status, target: job.target },
    });
    return { job: jobMessage(job), schedule: undefined };
  }
  const before = await deps.store.schedules.get(request.scheduleId);
  const schedule = await deps.store.schedules.update(request.scheduleId, (current) =>
    current ? { ...current, enabled: false } : null,
  );
  if (!schedule || !before) throw new NotFoundError('crawl schedule', request.scheduleId);
  await audit({
    action: 'crawl_schedule.disable',
    entityType: 'crawl_schedule',
    entityId: schedule._id,
    before: { enabled: before.enabled, target: before.target, intervalMs: before.intervalMs },
    after: { enabled: schedule.enabled, target: schedule.target, intervalMs: schedule.intervalMs },
  });
  return { job: undefined, schedule: scheduleMessage(schedule) };
}

export async function listSchedules(
  request: ListSchedulesRequest,
  deps: CrawlerDependencies,
): Promise<ListSchedulesResponse> {
  const page = resolvePage(request.page, PAGING);
  await deps.staff.require(request.actorUserId, 'listing crawl schedules');
  const filter: Record<string, unknown> = {};
  if (request.host) filter.host = hostField('host', request.host);
  if (request.shopId) filter.shopId = request.shopId;
  if (request.enabledOnly) filter.enabled = true;
  const [schedules, total] = await Promise.all([
    deps.store.schedules.find(filter as Filter, { sort: { nextRunAt: 1 }, skip: page.skip, limit: page.hitsPerPage }),
    deps.store.schedules.count(filter as Filter),
  ]);
  return { schedules: schedules.map(scheduleMessage), page: pageResponse(page, total) };
}
