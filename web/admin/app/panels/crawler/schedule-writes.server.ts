import { status as GrpcStatus } from '@grpc/grpc-js';
import { data } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { z } from 'zod';
import type { StaffContext } from '../../auth/staff-session.server';
import type { Translate } from '../../i18n/languages';
import {
  checkCrawl,
  disableSchedule,
  robotsVerdict,
  scheduleOfHost,
  schedulesOfHost,
  shopToCrawl,
  startCrawl,
  type RobotsVerdict,
} from '../../services/crawler-schedules.server';
import { intent } from '../../writes/staff-write.server';
import type { ConfirmSummary } from '../../writes/write-state';
import { panelPath } from '../panels';
import {
  CRAWL_INTERVALS,
  CRAWL_INTERVAL_NAMES,
  CRAWLED_SHOP_STATUSES,
  crawlStartOf,
  MAX_START_URLS,
  shopHostsOf,
  startLines,
  startUrlOf,
  type CrawlStart,
} from './crawl-starts';

const scheduleSchema = z.object({
  shopId: z.string().trim().min(1, 'field.required').max(100, 'field.tooLong'),
  urls: z
    .string()
    .trim()
    .min(1, 'field.required')
    .max(MAX_START_URLS * 2_100, 'field.tooLong'),
  interval: z.enum(CRAWL_INTERVAL_NAMES),
  reason: z.string().trim().max(200, 'field.tooLong').default(''),
});
type ScheduleFields = z.infer<typeof scheduleSchema>;

const disableSchema = z.object({
  scheduleId: z.string().trim().min(1, 'field.required').max(200, 'field.tooLong'),
  host: z.string().trim().min(1, 'field.required').max(253, 'field.tooLong'),
});

/** The crawl's reason in the crawler's job list and audit log. */
const reasonOf = (fields: ScheduleFields) => fields.reason || `site crawl of shop ${fields.shopId} (crawler panel)`;

/** The form's distinct start URLs as crawl starts, and a message for each line that is no http(s) URL. */
function startsOf(urls: string, t: Translate): { starts: CrawlStart[]; problems: string[] } {
  const starts = new Map<string, CrawlStart>();
  const problems: string[] = [];
  for (const line of startLines(urls)) {
    const url = startUrlOf(line);
    if (url) starts.set(url.href, crawlStartOf(url));
    else problems.push(t('schedules.badUrl', { url: line.slice(0, 200) }));
  }
  return { starts: [...starts.values()], problems };
}

/** A refusal that is the page's, not a field's: no role (403), the crawler or offers not answering (503). */
function pageRefusal(error: unknown): never {
  if (error instanceof RpcError && error.code === GrpcStatus.PERMISSION_DENIED)
    throw data({ forbidden: 'crawler' }, { status: 403 });
  if (error instanceof RpcError && [GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED].includes(error.code))
    throw data({ unavailable: true }, { status: 503 });
  throw error;
}

/**
 * The crawler's own verdict on one start (validate_only): its field violations as the form's errors
 * (the URL or start page refused by the fetch guard → `urls`, `interval`, `reason`), a paused host
 * as the URL's; null when the crawler would queue it.
 */
async function crawlerVerdict(
  context: StaffContext,
  start: CrawlStart,
  fields: ScheduleFields,
  t: Translate,
): Promise<Record<string, string> | null> {
  try {
    await checkCrawl(context.user.id, start, CRAWL_INTERVALS[fields.interval], reasonOf(fields));
    return null;
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    if (error.code === GrpcStatus.FAILED_PRECONDITION && error.reason === 'HOST_PAUSED')
      return { urls: t('schedules.hostPaused', { url: start.url, host: start.host }) };
    if (error.code !== GrpcStatus.INVALID_ARGUMENT && error.code !== GrpcStatus.FAILED_PRECONDITION) pageRefusal(error);
    const errors: Record<string, string> = {};
    for (const violation of error.violations) {
      const field = violation.field.split('.')[0];
      if (field === 'interval' || field === 'reason') errors[field] ??= violation.reason;
      else errors.urls ??= `${start.url}: ${violation.reason}`;
    }
    return Object.keys(errors).length > 0 ? errors : { urls: `${start.url}: ${error.details}` };
  }
}

/**
 * Everything the crawl needs before the confirm step: the shop exists in offers and its site is
 * crawled (active or pending activation); every start URL is on one of the hosts the crawler files
 * under the shop (else its offers would be observed for no shop), is not already crawled on a
 * schedule, passes the crawler's own check, and is not disallowed by robots.txt.
 */
async function checkSchedule(fields: ScheduleFields, context: StaffContext, t: Translate) {
  const errors: Record<string, string> = {};
  const { starts, problems } = startsOf(fields.urls, t);
  if (starts.length + problems.length > MAX_START_URLS)
    problems.push(t('schedules.tooManyUrls', { max: MAX_START_URLS }));
  const shop = await shopToCrawl(context.user.id, fields.shopId).catch(pageRefusal);
  if (!shop) errors.shopId = t('schedules.unknownShop');
  else if (!CRAWLED_SHOP_STATUSES.includes(shop.status))
    errors.shopId = t('schedules.shopNotCrawled', { name: shop.name, status: t(`shops.status.${shop.status}`) });
  if (shop) {
    const hosts = shopHostsOf(shop.domain, shop.homepageUrl);
    for (const start of starts)
      if (!hosts.includes(start.host))
        problems.push(t('schedules.notShopSite', { url: start.url, name: shop.name, hosts: hosts.join(', ') }));
  }
  if (problems.length === 0 && !errors.shopId) {
    const interval = CRAWL_INTERVALS[fields.interval];
    for (const start of starts) {
      const refused = await crawlerVerdict(context, start, fields, t);
      if (refused) {
        const { urls, ...others } = refused;
        if (urls) problems.push(urls);
        for (const [field, message] of Object.entries(others)) errors[field] ??= message;
        continue;
      }
      if (interval > 0) {
        const existing = (await schedulesOfHost(context.user.id, start.host, true).catch(pageRefusal)).find(
          (schedule) =>
            (start.kind === 'site' && schedule.kind === 'site' && schedule.target === start.host) ||
            (start.kind === 'page' && schedule.kind === 'page' && schedule.target === start.url),
        );
        if (existing) {
          problems.push(t('schedules.alreadyScheduled', { url: start.url, id: existing.id }));
          continue;
        }
      }
      const robots = await robotsVerdict(start.url);
      if (robots.known && !robots.allowed)
        problems.push(t('schedules.robotsDisallowed', { url: start.url, rule: robots.rule, line: robots.line }));
    }
  }
  if (problems.length > 0) errors.urls = problems.join(' ');
  return Object.keys(errors).length > 0 ? errors : null;
}

const robotsText = (verdict: RobotsVerdict, t: Translate) =>
  verdict.known
    ? verdict.rule
      ? t('schedules.robotsRule', { rule: verdict.rule, line: verdict.line })
      : t('schedules.robotsAllowed')
    : t('schedules.robotsUnknown', { reason: verdict.reason });

async function scheduleSummary(fields: ScheduleFields, context: StaffContext, t: Translate): Promise<ConfirmSummary> {
  const shop = await shopToCrawl(context.user.id, fields.shopId).catch(pageRefusal);
  if (!shop) throw data({ notFound: true }, { status: 404 });
  const { starts } = startsOf(fields.urls, t);
  const verdicts = await Promise.all(starts.map((start) => robotsVerdict(start.url)));
  return {
    title: t('schedules.summary.schedule', { name: shop.name }),
    facts: [
      {
        label: t('schedules.shop'),
        value: `${shop.name} (${shop.id}) · ${shop.domain} · ${t(`shops.status.${shop.status}`)}`,
      },
      ...starts.map((start, index) => ({
        label: start.url,
        value: `${t(start.kind === 'site' ? 'schedules.kind.siteHelp' : 'schedules.kind.pageHelp', { host: start.host })} · ${robotsText(verdicts[index]!, t)}`,
      })),
    ],
    changes: [
      {
        label: t('schedules.interval'),
        before: '',
        after: t(`schedules.every.${fields.interval}`),
      },
      { label: t('schedules.reason'), before: '', after: reasonOf(fields) },
    ],
  };
}

/** A call whose field violations name the form's start URLs, so they show beside the text area. */
async function asForm<T>(start: CrawlStart, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof RpcError) || error.violations.length === 0) throw error;
    const violations = error.violations.map((violation) => {
      const field = violation.field.split('.')[0] ?? '';
      return field === 'interval' || field === 'reason'
        ? violation
        : { ...violation, field: 'urls', reason: `${start.url}: ${violation.reason}`, rule: undefined };
    });
    throw new RpcError(error.code, error.details, violations, error.retryAfterMs, error.reason, { cause: error });
  }
}

/**
 * The schedules page's writes: a crawl of a shop's site (its start URLs, once or every interval;
 * everything checked first — offers' shop, the crawler's own check of every URL, robots.txt —,
 * then confirmed, then queued by the crawler, which checks staff:crawler and audits each), and a
 * schedule disabled (CancelCrawl; audited by the crawler).
 */
export function scheduleWrites() {
  return {
    schedule: intent({
      schema: scheduleSchema,
      check: checkSchedule,
      summary: scheduleSummary,
      perform: async (fields, context) => {
        const { starts } = startsOf(fields.urls, (key) => key);
        const interval = CRAWL_INTERVALS[fields.interval];
        for (const start of starts) await asForm(start, startCrawl(context.user.id, start, interval, reasonOf(fields)));
        // A schedule is listed here; a crawl once shows in the URL schedule, its start page due now.
        return interval > 0
          ? `${panelPath('crawler', 'schedules')}?${new URLSearchParams({ shop: fields.shopId, done: '1' })}`
          : `${panelPath('crawler', 'urls')}?${new URLSearchParams({ host: starts[0]?.host ?? '', done: '1' })}`;
      },
    }),
    disable: intent({
      schema: disableSchema,
      check: async ({ scheduleId, host }, context, t) => {
        const schedule = await scheduleOfHost(context.user.id, host, scheduleId).catch(pageRefusal);
        if (!schedule) throw data({ notFound: true }, { status: 404 });
        if (schedule.kind === 'feed') return { _form: t('schedules.feedFollowsShop') };
        return schedule.enabled ? null : { _form: t('schedules.alreadyDisabled') };
      },
      summary: async ({ scheduleId, host }, context, t) => {
        const schedule = await scheduleOfHost(context.user.id, host, scheduleId).catch(pageRefusal);
        if (!schedule) throw data({ notFound: true }, { status: 404 });
        return {
          title: t('schedules.summary.disable', { target: schedule.target }),
          changes: [
            {
              label: t('schedules.state'),
              before: t('schedules.state.enabled'),
              after: t('schedules.state.disabled'),
            },
          ],
        };
      },
      perform: async ({ scheduleId, host }, context) => {
        await disableSchedule(context.user.id, scheduleId);
        return `${panelPath('crawler', 'schedules')}?${new URLSearchParams({ host, done: '1' })}`;
      },
    }),
  };
}
