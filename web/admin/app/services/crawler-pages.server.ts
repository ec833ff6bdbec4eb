import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import {
  feedFetchOutcomeToJSON,
  UrlStatus,
  visitOutcomeToJSON,
  type CrawlUrl,
  type ExtractionRules,
  type FeedFetch,
} from '@pc/proto/crawler/v1/types';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { config } from '../config.server';
import { RULE_FIELDS, type RuleSet } from '../panels/crawler/crawler-fields';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { emptyTablePage, pageRequest, tablePage } from '../tables/table-page';

const crawler = client(CrawlerServiceService, config.CRAWLER_GRPC_ADDR);
// A preview fetches a page politely (robots.txt first, the host's quiet time): it may take a while.
const previewing = client(
  CrawlerServiceService,
  config.CRAWLER_GRPC_ADDR,
  Math.max(config.SERVICE_DEADLINE_MS, 45_000),
);

const lowerName = (json: string, prefix: string) => json.replace(prefix, '').toLowerCase();

/** One URL of the frontier: what is due when, and how its last visit went. */
export interface UrlRow {
  readonly url: string;
  readonly host: string;
  readonly shopId: string;
  readonly kind: string;
  readonly retired: boolean;
  readonly priority: number;
  readonly nextVisitAt: string;
  readonly lastVisitAt: string;
  readonly intervalSeconds: number;
  /** Visited every CRAWLER_FAST_MOVER_INTERVAL, ahead of its host's other due pages. */
  readonly fastMover: boolean;
  /** 0 until two visits saw its price. */
  readonly priceChangesPerDay: number;
  readonly lastOutcome: string;
  readonly lastStatus: number;
  readonly lastError: string;
  readonly offersFound: number;
}

const urlRow = (url: CrawlUrl): UrlRow => ({
  url: url.url,
  host: url.host,
  shopId: url.shopId,
  kind: url.kind,
  retired: url.status === UrlStatus.URL_STATUS_RETIRED,
  priority: url.priority,
  nextVisitAt: url.nextVisitAt?.toISOString() ?? '',
  lastVisitAt: url.lastVisitAt?.toISOString() ?? '',
  intervalSeconds: url.visitInterval?.seconds ?? 0,
  fastMover: url.fastMover,
  priceChangesPerDay: url.priceChangesPerDay,
  lastOutcome: lowerName(visitOutcomeToJSON(url.lastOutcome), 'VISIT_OUTCOME_'),
  lastStatus: url.lastHttpStatus,
  lastError: url.lastError,
  offersFound: url.offersFound,
});

/** The URL schedule, soonest visit first: a host, a URL substring and a status; the crawler pages it. */
export async function urlTable(actorUserId: string, query: TableQuery): Promise<TablePage<UrlRow>> {
  const status = query.filters.status;
  const answer = await crawler.listUrls({
    actorUserId,
    host: (query.filters.host ?? '').trim().toLowerCase(),
    query: (query.filters.q ?? '').trim(),
    statuses:
      status === 'active' ? [UrlStatus.URL_STATUS_ACTIVE] : status === 'retired' ? [UrlStatus.URL_STATUS_RETIRED] : [],
    page: pageRequest(query),
  });
  return tablePage(answer.urls.map(urlRow), answer.page, query);
}

/** One URL (null when the crawler never saw it). */
export async function urlByAddress(url: string): Promise<UrlRow | null> {
  try {
    const found = (await crawler.getUrl({ url })).url;
    return found ? urlRow(found) : null;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

/** Queues a visit of the URL now, urgent (the crawler checks staff:crawler, the guard, and audits it). */
export async function recrawlNow(actorUserId: string, url: string): Promise<string> {
  const answer = await crawler.scheduleCrawl({
    actorUserId,
    target: { target: { $case: 'url', value: url } },
    priority: 10,
    runAt: undefined,
    interval: undefined,
    reason: 're-crawl now (crawler panel)',
  });
  return answer.job?.id ?? '';
}

const EMPTY_RULES: RuleSet = Object.fromEntries(RULE_FIELDS.map((field) => [field, ''])) as RuleSet;

const ruleSet = (rules: ExtractionRules | undefined): RuleSet =>
  rules ? (Object.fromEntries(RULE_FIELDS.map((field) => [field, rules[field]])) as RuleSet) : EMPTY_RULES;

const rulesMessage = (rules: RuleSet): ExtractionRules => ({ ...rules, updatedAt: undefined });

/** A host's stored rules (null when it has none) and when they were set. */
export async function hostRules(host: string): Promise<{ rules: RuleSet; updatedAt: string } | null> {
  try {
    const answer = await crawler.getExtractionRules({ host });
    return { rules: ruleSet(answer.rules), updatedAt: answer.rules?.updatedAt?.toISOString() ?? '' };
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

/** Stores (or, with null, clears) a host's rules; the crawler compiles them, checks the role and audits. */
export async function saveHostRules(actorUserId: string, host: string, rules: RuleSet | null): Promise<void> {
  await crawler.setExtractionRules({ actorUserId, host, rules: rules ? rulesMessage(rules) : undefined });
}

export interface PreviewOffer {
  readonly name: string;
  readonly price: { readonly amount: number; readonly currency: string } | null;
  readonly availability: string;
  readonly gtin: string;
  readonly sku: string;
  readonly brand: string;
  readonly flags: readonly string[];
  readonly method: string;
}

export interface Preview {
  readonly httpStatus: number;
  readonly finalUrl: string;
  readonly byRules: readonly PreviewOffer[];
  readonly pageMethod: string;
  readonly byCrawler: readonly PreviewOffer[];
  readonly truncated: boolean;
}

/** The crawler's refusals a preview shows as its answer: a bad URL or selector, robots.txt, the host busy or down. */
const PREVIEW_REFUSALS: readonly number[] = [
  GrpcStatus.INVALID_ARGUMENT,
  GrpcStatus.FAILED_PRECONDITION,
  GrpcStatus.UNAVAILABLE,
];

/**
 * Fetches the page now and reads it with the rules (the crawler fetches it as it crawls: guard,
 * robots, politeness); the crawler's refusal comes back as `error`.
 */
export async function previewRules(
  actorUserId: string,
  url: string,
  rules: RuleSet | null,
): Promise<{ preview: Preview; error: '' } | { preview: null; error: string }> {
  let answer;
  try {
    answer = await previewing.previewExtraction({ actorUserId, url, rules: rules ? rulesMessage(rules) : undefined });
  } catch (error) {
    if (error instanceof RpcError && PREVIEW_REFUSALS.includes(error.code))
      return { preview: null, error: error.message };
    throw error;
  }
  return {
    error: '',
    preview: {
      httpStatus: answer.httpStatus,
      finalUrl: answer.finalUrl,
      byRules: JSON.parse(answer.rulesOffersJson || '[]') as PreviewOffer[],
      pageMethod: answer.pageMethod,
      byCrawler: JSON.parse(answer.pageOffersJson || '[]') as PreviewOffer[],
      truncated: answer.truncated,
    },
  };
}

/** One fetch of a shop's feed with its analysis. */
export interface FeedFetchRow {
  readonly id: string;
  readonly feedId: string;
  readonly url: string;
  readonly outcome: string;
  readonly httpStatus: number;
  readonly startedAt: string;
  readonly itemsTotal: number;
  readonly itemsValid: number;
  readonly itemsInvalid: number;
  readonly rejectedByReason: Readonly<Record<string, number>>;
  readonly issues: readonly string[];
  readonly added: number;
  readonly changed: number;
  readonly removed: number;
  readonly error: string;
}

const feedFetchRow = (fetch: FeedFetch): FeedFetchRow => ({
  id: fetch.id,
  feedId: fetch.feedId,
  url: fetch.url,
  outcome: lowerName(feedFetchOutcomeToJSON(fetch.outcome), 'FEED_FETCH_OUTCOME_'),
  httpStatus: fetch.httpStatus,
  startedAt: fetch.startedAt?.toISOString() ?? '',
  itemsTotal: Number(fetch.itemsTotal),
  itemsValid: Number(fetch.itemsValid),
  itemsInvalid: Number(fetch.itemsInvalid),
  rejectedByReason: Object.fromEntries(
    Object.entries(fetch.rejectedByReason).map(([key, value]) => [key, Number(value)]),
  ),
  issues: fetch.issues,
  added: Number(fetch.offers?.added ?? 0),
  changed: Number(fetch.offers?.changed ?? 0),
  removed: Number(fetch.offers?.removed ?? 0),
  error: fetch.error,
});

/** A shop's feed fetches (one feed's when given), newest first, as the crawler analysed them. */
export async function feedFetchTable(query: TableQuery): Promise<TablePage<FeedFetchRow>> {
  const shopId = (query.filters.shop ?? '').trim();
  if (!shopId) return emptyTablePage({ page: 1, size: query.size });
  const answer = await crawler.listFeedFetches({
    shopId,
    feedId: (query.filters.feed ?? '').trim(),
    page: pageRequest(query),
  });
  return tablePage(answer.fetches.map(feedFetchRow), answer.page, query);
}
