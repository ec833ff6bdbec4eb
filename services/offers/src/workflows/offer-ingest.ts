import type { Logger } from 'pino';
import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { OfferChangeKind } from '@pc/proto/offers/events/v1/events';
import type { FreshnessRules } from '../domain/freshness.js';
import {
  applyObservation,
  classifyObservation,
  classifyRepeat,
  observedFields,
  type MatchResult,
} from '../domain/offer-change.js';
import { parseObservation, type Observation } from '../domain/observation.js';
import { toShopRef } from '../domain/shop-message.js';
import { isListed } from '../domain/shop-record.js';
import { offerChanged } from '../events/offer-events.js';
import { fingerprintOf, type SoleWriterMemo } from '../store/offer-fingerprints.js';
import type { OfferRepository, StoredOffer } from '../store/offer-repository.js';
import { historyKeysOf, type PriceMonthRepository } from '../store/price-month-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { ingestMetrics } from './ingest-metrics.js';
import type { ProductMatcher } from './product-matcher.js';
import type { SummaryRefresher } from './summary-refresher.js';

const MAX_ATTEMPTS = 5;
const WARN_EVERY_MS = 60_000;

/** What one observation did: created or changed the offer, or nothing (unchanged, refresh, outdated, rejected). */
export type IngestOutcome = 'created' | 'changed' | 'unchanged' | 'refresh' | 'outdated' | 'rejected';

/** Offer fields whose change can move a product's price summary. */
const SUMMARY_FIELDS = new Set(['product_id', 'country', 'price', 'availability', 'is_green', 'active']);

export interface OfferIngestDeps {
  readonly offers: OfferRepository;
  readonly shops: ShopRepository;
  readonly months: PriceMonthRepository;
  readonly matcher: ProductMatcher;
  readonly summaries: SummaryRefresher;
  readonly outbox: Outbox;
  readonly rules: FreshnessRules;
  readonly clock: () => Date;
  readonly logger: Logger;
  /** What the ingest last knew each offer's observed fields to be (ADR 034); null: read every time. */
  readonly memo: SoleWriterMemo | null;
}

/**
 * Turns one OfferObserved into the offer's state (docs/architecture.md §5).
 *
 * The unchanged path — the common case — is one read by primary key and a comparison: no write,
 * no event, no catalog call; with the memo of what each offer's observed fields are (ADR 034),
 * a fingerprint and a lookup, no read. A change writes, in this order: the price-history point (idempotent),
 * the offer with its OfferChanged in the same atomic write (the store's outbox, ADR 035, or staged
 * in the document), the product's summary (with its own ProductPriceChanged), then publishes the
 * offer's events. A crash anywhere leaves either nothing or a pending outbox, which the start-up
 * relay publishes after recomputing the summaries concerned.
 */
export class OfferIngest {
  /** Last warning per rejection reason: a misconfigured feed must not flood the logs. */
  private readonly lastWarned = new Map<string, number>();

  constructor(private readonly deps: OfferIngestDeps) {}

  async ingest(event: OfferObserved): Promise<IngestOutcome> {
    const parsed = parseObservation(event, this.deps.clock());
    if (!parsed.ok) return this.reject(parsed.reason, event);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.apply(parsed.observation);
      } catch (error) {
        // A concurrent write (the sweep, a shop deletion): read again and decide again.
        if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async apply(observation: Observation): Promise<IngestOutcome> {
    const { offers, shops, months, outbox, rules } = this.deps;
    const now = this.deps.clock();
    const memo = (await this.deps.memo?.usable()) ?? null;
    const fingerprint = memo ? fingerprintOf(observedFields(observation, now, rules)) : undefined;
    const known = memo?.get(observation.offerId);
    if (known && known.fingerprint === fingerprint) {
      const repeat = classifyRepeat(known.lastSeenMs, observation, rules);
      if (repeat) return counted(repeat);
    }
    const stored = await offers.get(observation.offerId);
    const classification = classifyObservation(stored, observation, now, rules);
    if (classification.kind === 'outdated') return counted(classification.kind);
    if (classification.kind === 'unchanged') {
      // Read in this turn, so no write can have come between: the stored offer has these fields.
      if (stored && fingerprint !== undefined)
        memo?.set(observation.offerId, fingerprint, Date.parse(stored.lastSeenAt));
      return counted(classification.kind);
    }
    if (classification.kind === 'refresh') {
      await offers.put(classification.next, stored?._version ?? 0, fingerprint);
      return counted('refresh');
    }

    const shop = await shops.get(observation.shopId);
    if (!shop || !isListed(shop)) return this.reject(shop ? 'shop_not_listed' : 'shop_unknown', observation);
    const match: MatchResult =
      stored && !classification.needsMatch
        ? { productId: stored.productId, error: stored.matchError }
        : await this.deps.matcher.match(matchRequest(observation));
    const applied = applyObservation(stored, observation, match, now, rules);
    // Only a change a consumer can see (an Offer field) is an event; a new brand spelling is not.
    const visible = !stored || applied.changedFields.length > 0;
    const next = visible ? applied.next : { ...applied.next, version: stored.version };
    if (applied.point) await months.record(historyKeysOf(next), stored?.lastPoint ?? null, applied.point);
    const kind = stored ? OfferChangeKind.OFFER_CHANGE_KIND_UPDATED : OfferChangeKind.OFFER_CHANGE_KIND_CREATED;
    const events = visible ? [offerChanged(next, toShopRef(shop), kind, stored, applied.changedFields, now)] : [];
    const prepared = outbox.prepare(stored, events, now);
    const written = await offers.put(
      { ...next, ...prepared.fields },
      stored?._version ?? 0,
      fingerprint,
      prepared.records,
    );
    if (!stored || applied.changedFields.some((field) => SUMMARY_FIELDS.has(field))) {
      // History changes from this point on, and, for an offer that had gone stale, from when it
      // stopped counting (last seen + stale limit): it now carries its price forward to here.
      const staleSince = stored ? Date.parse(stored.lastSeenAt) + rules.staleAfterMs : Number.POSITIVE_INFINITY;
      await this.refreshSummaries(stored, next, new Date(Math.min(observation.observedAt.getTime(), staleSince)));
    }
    await outbox.publish(offers.collection, written, prepared);
    ingestMetrics.outcome('change');
    return stored ? 'changed' : 'created';
  }

  private async refreshSummaries(
    before: StoredOffer | null,
    after: { _id: string; productId: string; country: string },
    at: Date,
  ): Promise<void> {
    if (after.productId) await this.deps.summaries.refresh(after.productId, after.country, at, after._id);
    if (before?.productId && (before.productId !== after.productId || before.country !== after.country)) {
      await this.deps.summaries.refresh(before.productId, before.country, at, after._id);
    }
  }

  private reject(reason: string, source: { shopId: string; shopOfferId: string }): 'rejected' {
    ingestMetrics.rejected(reason);
    const now = Date.now();
    if (now - (this.lastWarned.get(reason) ?? 0) < WARN_EVERY_MS) return 'rejected';
    this.lastWarned.set(reason, now);
    this.deps.logger.warn(
      { reason, shopId: source.shopId, shopOfferId: source.shopOfferId },
      'offer observation skipped (counted in offers.observations.rejected; warned once a minute per reason)',
    );
    return 'rejected';
  }
}

function counted<T extends 'unchanged' | 'refresh' | 'outdated'>(outcome: T): T {
  ingestMetrics.outcome(outcome);
  return outcome;
}

function matchRequest(observation: Observation) {
  return {
    shopId: observation.shopId,
    shopOfferId: observation.shopOfferId,
    title: observation.title,
    description: observation.description,
    brand: observation.brand,
    gtin: observation.gtin,
    mpn: observation.mpn,
    categoryPath: observation.categoryPath,
    googleProductCategoryId: observation.googleProductCategoryId,
    imageUrls: [...observation.imageUrls],
    language: observation.language,
    createIfMissing: true,
  };
}
