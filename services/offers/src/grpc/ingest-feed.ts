import { randomUUID } from 'node:crypto';
import { analyzeFeed } from '@pc/product-feeds/analyze-feed';
import { toOfferObserved } from '@pc/product-feeds/observe/to-offer-observed';
import type { FeedReport } from '@pc/product-feeds/report/feed-report';
import type { FeedOffer } from '@pc/product-feeds/validate/feed-offer';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import type { IngestFeedRequest, IngestFeedResponse } from '@pc/proto/offers/v1/offers';
import { FailedPreconditionError, InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { feedFormatOf, issueLine, readFormatOf, toFeedIssue } from '../domain/feed-formats.js';
import { FeedInputChecks } from '../domain/feed-input.js';
import type { FeedFetchRecord } from '../domain/shop-record.js';
import { isDeleted, isGreen, isListed } from '../domain/shop-record.js';
import { recordFeedFetch } from '../workflows/feed-fetch-record.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';

const MAX_CONTENT = 4 * 1024 * 1024;
const MAX_ISSUES = 100;

/**
 * IngestFeed: an uploaded feed (≤ 4 MiB) read with the feed library. The whole content is read
 * and validated first; an unreadable feed is INVALID_ARGUMENT and changes nothing. `dry_run`
 * answers the analysis only. Otherwise, for an ACTIVE shop each valid item goes through the same
 * ingest as an OfferObserved (not published: offers applies it here), and, for an upload of a
 * known feed, the feed's offers the upload no longer lists are delisted and the feed records the
 * analysis. A PENDING_ACTIVATION shop gets the analysis recorded on its feed ("product feeds
 * analysed") but no offers: offers appear with the first fetch after activation.
 */
export async function ingestFeed(request: IngestFeedRequest, deps: OffersDependencies): Promise<IngestFeedResponse> {
  const ids = new RequestChecks();
  const shopId = ids.id('shop_id', request.shopId);
  ids.done();
  const checks = new FeedInputChecks();
  if (request.content.byteLength === 0)
    checks.violations.push({ field: 'content', reason: 'is required: the feed file', rule: 'required' });
  else if (request.content.byteLength > MAX_CONTENT)
    checks.violations.push({
      field: 'content',
      reason: 'at most 4 MiB; larger feeds go by URL (AddFeed)',
      rule: 'max',
      params: { max: String(MAX_CONTENT) },
    });
  const format = checks.format('format', request.format);
  const adHoc = request.feedId.trim() === '';
  const country = checks.country('country', request.country, adHoc);
  const currency = checks.currencyCode('currency', request.currency, adHoc);
  const language = checks.language('language', request.language, adHoc);
  if (checks.violations.length > 0) throw new InvalidArgumentError(checks.violations);

  const shop = await deps.shops.get(shopId);
  if (!shop || isDeleted(shop)) throw new NotFoundError('shop', shopId);
  await deps.actors.requireShopWriter(request.actorUserId, shop);
  const feed = adHoc ? null : (shop.feeds.find((candidate) => candidate.id === request.feedId.trim()) ?? null);
  if (!adHoc && !feed) throw new NotFoundError('feed', request.feedId);
  const defaults = {
    country: country || (feed?.country ?? ''),
    currency: currency || (feed?.currency ?? ''),
    language: language || (feed?.language ?? ''),
  };

  const offers: FeedOffer[] = [];
  const report = await analyzeFeed(request.content, {
    // An upload is a file: its format is the one asked for, else detected (the feed's stored format is the fetch's).
    format: readFormatOf(format),
    defaults,
    taxonomy: deps.feeds.taxonomy,
    onOffer: (offer) => void offers.push(offer),
  });
  if (!report.complete) {
    throw new InvalidArgumentError([
      {
        field: 'content',
        reason: `unreadable feed${report.error?.line ? ` (line ${report.error.line})` : ''}: ${report.error?.message ?? 'unknown'}`,
        rule: 'file',
      },
    ]);
  }
  const ingestionId = `ig_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const answer = (applied = { created: 0, updated: 0, deactivated: 0 }): IngestFeedResponse => ({
    ingestionId,
    format: feedFormatOf(report.format),
    itemsTotal: report.rows,
    itemsValid: report.valid,
    itemsInvalid: report.rejected,
    issues: report.samples.slice(0, MAX_ISSUES).map(toFeedIssue),
    offersCreated: applied.created,
    offersUpdated: applied.updated,
    offersDeactivated: applied.deactivated,
  });
  if (request.dryRun) return answer();
  if (shop.status !== ShopStatus.SHOP_STATUS_ACTIVE && shop.status !== ShopStatus.SHOP_STATUS_PENDING_ACTIVATION) {
    throw new FailedPreconditionError(
      'feeds are applied to shops pending activation or active; use dry_run to analyse',
      { reason: 'SHOP_NOT_READY' },
    );
  }
  const now = deps.clock();
  const applied = { created: 0, updated: 0, deactivated: 0 };
  if (isListed(shop)) {
    for (const offer of offers) {
      const outcome = await deps.feeds.ingest.ingest(
        toOfferObserved(offer, {
          shopId,
          feedId: feed?.id ?? '',
          feedFetchId: ingestionId,
          observationId: `${ingestionId}:${offer.position}`,
          observedAt: now,
          defaults,
          // A green shop's offers are green (ADR 108), as when the crawler reads its feeds.
          isGreen: isGreen(shop),
        }),
      );
      if (outcome === 'created') applied.created += 1;
      else if (outcome === 'changed') applied.updated += 1;
    }
    if (feed)
      applied.deactivated = await deps.feeds.removal.notIn(
        shopId,
        feed.id,
        new Set(offers.map((offer) => offer.shopOfferId)),
        now,
      );
  }
  // The owner's working file repairs a failing feed as a working crawl would: "recovered" at once (ADR 129).
  if (feed)
    await recordFeedFetch(
      deps,
      shopId,
      feed.id,
      { fetchId: ingestionId, fetchedAt: now.toISOString(), httpStatus: 0, succeeded: true, ...summaryOf(report) },
      null,
      { works: true },
    );
  return answer(applied);
}

/** The counts, a message and the first issues of a report, as a feed's last fetch shows them. */
export function summaryOf(
  report: FeedReport,
): Pick<FeedFetchRecord, 'itemsTotal' | 'itemsValid' | 'itemsInvalid' | 'message' | 'issues'> {
  const reasons = Object.entries(report.rejectedByReason)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  return {
    itemsTotal: report.rows,
    itemsValid: report.valid,
    itemsInvalid: report.rejected,
    message:
      report.rejected > 0 ? `${report.rejected} of ${report.rows} items rejected: ${reasons}` : `${report.valid} items`,
    issues: report.samples.slice(0, 20).map((issue) => issueLine(issue, report.format === 'google-merchant-xml')),
  };
}
