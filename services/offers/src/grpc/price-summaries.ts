import type {
  GetProductPriceSummariesRequest,
  GetProductPriceSummariesResponse,
  StreamProductPriceSummariesRequest,
  StreamProductPriceSummariesResponse,
} from '@pc/proto/offers/v1/offers';
import { isFresh } from '../domain/freshness.js';
import { toSummaryMessage, type PriceSummaryRecord } from '../domain/price-summary.js';
import { listedFigures } from '../workflows/current-prices.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';

const MAX_IDS = 100;
const STREAM_PAGE = 500;

/**
 * GetProductPriceSummaries: the stored summaries (kept current by ingest and the sweep) of the
 * products that have listed offers in the country, in request order. Amounts are converted to
 * display_currency with the latest rate when one exists; otherwise they stay in the country's
 * currency (the Money says which).
 */
export async function getProductPriceSummaries(
  request: GetProductPriceSummariesRequest,
  deps: OffersDependencies,
): Promise<GetProductPriceSummariesResponse> {
  const checks = new RequestChecks();
  if (request.productIds.length > MAX_IDS) checks.add('product_ids', `at most ${MAX_IDS} ids`, 'max');
  const ids = [...new Set(request.productIds.map((id, index) => checks.id(`product_ids[${index}]`, id)))];
  const country = checks.country('country', request.country, { required: true });
  const displayCurrency = checks.currency('display_currency', request.displayCurrency);
  checks.done();
  const [stored, book] = await Promise.all([deps.summaries.getMany(ids, country), deps.fx.current()]);
  const byProduct = new Map(stored.map((summary) => [summary.productId, summary]));
  const now = deps.clock();
  // An offer that went stale since the summary was written (the sweep delists it within
  // OFFERS_SWEEP_INTERVAL) is never shown as current: a summary that keeps its offers is
  // recomputed from the fresh ones here.
  const current = (summary: PriceSummaryRecord): PriceSummaryRecord => {
    if (!summary.listed || summary.listed.every((offer) => isFresh(new Date(offer.lastSeenAt), now, deps.rules)))
      return summary;
    return { ...summary, ...listedFigures(summary.listed, summary.country, now, deps.rules, book) };
  };
  return {
    summaries: ids.flatMap((id) => {
      const kept = byProduct.get(id);
      const summary = kept && current(kept);
      if (!summary || summary.offersCount === 0) return [];
      const convert = (amountMinor: number) =>
        displayCurrency && displayCurrency !== summary.currency
          ? (book.convert({ amountMinor, currency: summary.currency }, displayCurrency, now)?.money ?? null)
          : null;
      return [toSummaryMessage(summary, convert)];
    }),
  };
}

/**
 * StreamProductPriceSummaries: every summary updated after a time, oldest update first, read in
 * keyset pages (updated time, then id), so a long re-index never uses deep offsets. Summaries
 * without offers are included (their lowest price absent): a re-indexer must learn that too.
 */
export async function* streamProductPriceSummaries(
  request: StreamProductPriceSummariesRequest,
  deps: OffersDependencies,
): AsyncIterable<StreamProductPriceSummariesResponse> {
  const checks = new RequestChecks();
  const country = checks.country('country', request.country, { required: false });
  checks.done();
  let from = request.updatedAfter ? request.updatedAfter.toISOString() : '';
  let strictlyAfter = request.updatedAfter !== undefined;
  let sentAtFrom = new Set<string>();
  for (;;) {
    const page = await deps.summaries.updatedSince(from, strictlyAfter, country, STREAM_PAGE, sentAtFrom);
    for (const summary of page) {
      yield { summary: toSummaryMessage(summary) };
      if (summary.updatedAt !== from) {
        from = summary.updatedAt;
        sentAtFrom = new Set();
      }
      sentAtFrom.add(summary._id);
    }
    if (page.length < STREAM_PAGE) return;
    strictlyAfter = false;
  }
}
