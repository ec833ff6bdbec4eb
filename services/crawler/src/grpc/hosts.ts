import type {
  GetHostRequest,
  GetHostResponse,
  ListHostsRequest,
  ListHostsResponse,
  UpdateHostRequest,
  UpdateHostResponse,
} from '@pc/proto/crawler/v1/crawler';
import type { Host } from '@pc/proto/crawler/v1/types';
import { FieldChecks } from '@pc/kit/errors/field-checks';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { activeSlowdownMs, effectiveDelayMs } from '../domain/politeness-policy.js';
import type { HostRecord } from '../domain/records.js';
import { crawlDelayFor } from '../robots/robots-matcher.js';
import type { CrawlerDependencies } from './dependencies.js';
import { hostMessage } from './messages.js';
import { hostField } from './request-fields.js';

const PAGING = { defaultSize: 50, maxSize: 200 };
const MAX_DELAY_MS = 3_600_000;

/** A host with what its records add up to: delay now, robots state, URLs known and due. */
async function describeHost(host: HostRecord, deps: CrawlerDependencies): Promise<Host> {
  const now = deps.now();
  const [robots, urlsKnown, urlsDue, backoffUntil] = await Promise.all([
    deps.robots.stored(host._id),
    deps.store.urls.countOfHost(host._id),
    deps.store.urls.countDue(host._id, now),
    deps.gate.backoffUntil(host._id),
  ]);
  const rule = robots ? deps.robots.ruleOf(robots) : null;
  const crawlDelaySeconds = rule?.kind === 'rules' ? crawlDelayFor(rule.robots, deps.robotsToken) : null;
  const disallowedEntirely = rule?.kind === 'disallow-all';
  return hostMessage(host, {
    effectiveDelayMs: effectiveDelayMs(deps.politeness, {
      overrideDelayMs: host.overrideDelayMs,
      crawlDelaySeconds,
      slowdownMs: activeSlowdownMs(host, now),
    }),
    disallowedEntirely,
    urlsKnown,
    urlsDue,
    robots,
    backoffUntil,
    now,
  });
}

/** What the audit log keeps of a host: the settings staff change. */
const auditedHost = (host: HostRecord) => ({
  paused: host.paused,
  overrideDelayMs: host.overrideDelayMs,
  maxConcurrency: host.maxConcurrency,
  backoffUntil: host.backoffUntil,
});

export async function listHosts(request: ListHostsRequest, deps: CrawlerDependencies): Promise<ListHostsResponse> {
  const page = resolvePage(request.page, PAGING);
  await deps.staff.require(request.actorUserId, 'listing hosts');
  const query = request.query.trim().toLowerCase();
  const all = await deps.store.hosts.find({}, { sort: { _id: 1 } });
  const described = await Promise.all(
    all.filter((host) => host._id.includes(query)).map((host) => describeHost(host, deps)),
  );
  const matching =
    request.statuses.length === 0 ? described : described.filter((host) => request.statuses.includes(host.status));
  return { hosts: matching.slice(page.skip, page.skip + page.hitsPerPage), page: pageResponse(page, matching.length) };
}

export async function getHost(request: GetHostRequest, deps: CrawlerDependencies): Promise<GetHostResponse> {
  const key = hostField('host', request.host);
  const host = await deps.store.hosts.get(key);
  if (!host) throw new NotFoundError('host', key);
  return { host: await describeHost(host, deps) };
}

/** Pause or resume, override the delay and concurrency, end a backoff (admin). */
export async function updateHost(request: UpdateHostRequest, deps: CrawlerDependencies): Promise<UpdateHostResponse> {
  const key = hostField('host', request.host);
  const checks = new FieldChecks();
  if (request.overrideDelayMs !== undefined)
    checks.intBetween('override_delay_ms', request.overrideDelayMs, 0, MAX_DELAY_MS);
  if (request.maxConcurrency !== undefined) checks.intBetween('max_concurrency', request.maxConcurrency, 1, 8);
  checks.done();
  await deps.staff.require(request.actorUserId, 'changing a host');
  let before: HostRecord | null = null;
  const updated = await deps.store.hosts.update(key, (current) => {
    before = current;
    if (!current) return null;
    return {
      ...current,
      paused: request.paused ?? current.paused,
      overrideDelayMs: request.overrideDelayMs ?? current.overrideDelayMs,
      maxConcurrency: request.maxConcurrency ?? current.maxConcurrency,
      backoffUntil: request.clearBackoff ? null : current.backoffUntil,
      consecutiveErrors: request.clearBackoff ? 0 : current.consecutiveErrors,
      slowdownMs: request.clearBackoff ? 0 : current.slowdownMs,
    };
  });
  if (!updated) throw new NotFoundError('host', key);
  if (request.clearBackoff) await deps.gate.clearBackoff(key);
  await deps.audit.record({
    actorUserId: request.actorUserId,
    panel: 'crawler',
    action: 'host.update',
    entityType: 'host',
    entityId: key,
    before: before && auditedHost(before),
    after: auditedHost(updated),
  });
  deps.wake(key);
  return { host: await describeHost(updated, deps) };
}
