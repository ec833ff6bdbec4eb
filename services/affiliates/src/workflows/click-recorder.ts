import type { ResolveClickOutRequest, ResolveClickOutResponse } from '@pc/proto/affiliates/v1/affiliates';
import { ClickFilter, UserAgentClass } from '@pc/proto/affiliates/v1/types';
import { Events } from '@pc/proto/event-catalog';
import type { Outbox } from '@pc/kit/events/outbox';
import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Cache } from '@pc/kit/ports/cache';
import type { ClickIds } from '../domain/click-id.js';
import { clickOrigin } from '../domain/click-origin.js';
import { toClickMessage, type ClickRecord } from '../domain/click-record.js';
import { targetUrl, type UrlParameter } from '../domain/target-url.js';
import { userAgentClass } from '../domain/user-agent.js';
import type { VisitorKeys } from '@pc/kit/identity/visitor-keys';
import type { OutboxPump } from '../events/outbox-pump.js';
import type { AffiliateAccountRepository } from '../store/affiliate-account-repository.js';
import type { ClickRepository } from '../store/click-repository.js';
import type { ClickTargets } from './click-targets.js';

const COUNTRY = /^[A-Z]{2}$/;
const LANGUAGE = /^[a-z]{2}$/;
const PLACEMENTS = new Set(['', 'offer', 'visit_shop', 'promotion', 'advertisement', 'api']);

export interface ClickRecorderOptions {
  /** A repeat of the same visitor on the same location within this is kept, not counted. */
  readonly duplicateWindowMs: number;
  /** Our own click id parameter on every target ('' for none), after the shop's and the networks'. */
  readonly clickIdParameter: string;
}

export interface ClickRecorderDependencies {
  readonly targets: ClickTargets;
  readonly accounts: AffiliateAccountRepository;
  readonly clicks: ClickRepository;
  readonly outbox: Outbox;
  readonly pump: OutboxPump;
  readonly cache: Cache;
  readonly visitors: VisitorKeys;
  readonly ids: ClickIds;
  readonly clock: () => Date;
}

/**
 * ResolveClickOut (ADR 043): where the location leads, with the shop's URL parameters and our
 * tracking parameters, and the click recorded durably before the answer — counted, or kept but
 * not counted for a bot or a visitor's repeat within the window. ClickRecorded (counted clicks
 * only) is appended in the same atomic write and published by the outbox pump.
 */
export class ClickRecorder {
  private readonly ownParameters: UrlParameter[];

  constructor(
    private readonly deps: ClickRecorderDependencies,
    private readonly options: ClickRecorderOptions,
  ) {
    this.ownParameters = options.clickIdParameter ? [{ name: options.clickIdParameter, value: '{click_id}' }] : [];
  }

  async resolve(request: ResolveClickOutRequest): Promise<ResolveClickOutResponse> {
    const locationId = request.locationId.trim();
    const country = request.country.trim().toUpperCase();
    const language = request.language.trim().toLowerCase();
    const placement = request.placement.trim();
    const violations = [];
    if (!locationId) violations.push({ field: 'location_id', reason: 'is required', rule: 'required' });
    if (country && !COUNTRY.test(country))
      violations.push({ field: 'country', reason: 'must be an ISO 3166-1 alpha-2 code such as "CH"', rule: 'regex' });
    if (language && !LANGUAGE.test(language))
      violations.push({ field: 'language', reason: 'must be an ISO 639-1 code such as "de"', rule: 'regex' });
    if (!PLACEMENTS.has(placement))
      violations.push({
        field: 'placement',
        reason: `must be one of ${[...PLACEMENTS].filter(Boolean).join(', ')}`,
        rule: 'in',
      });
    if (violations.length > 0) throw new InvalidArgumentError(violations);

    const target = await this.deps.targets.resolve(locationId, request.productId.trim());
    const now = this.deps.clock();
    const clickId = this.deps.ids.next();
    const trackingParameters = target.shopId ? await this.deps.accounts.trackingParametersOf(target.shopId) : [];
    const url = targetUrl(target.url, [target.shopParameters, trackingParameters, this.ownParameters], clickId);
    if (!url) throw new NotFoundError('location', locationId);

    const agentClass = userAgentClass(request.userAgent);
    const visitorKey = this.deps.visitors.keyOf(
      { visitorId: request.visitorId, ip: request.ip, userAgent: request.userAgent },
      now,
    );
    const filter = await this.filterOf(agentClass, visitorKey, locationId);
    const { origin, pageType } = clickOrigin(request.origin, request.referrer);
    const record: ClickRecord = {
      _id: clickId,
      locationId,
      locationKind: target.kind,
      offerId: target.offerId,
      productId: target.productId,
      shopId: target.shopId,
      promotionId: target.promotionId,
      advertisementId: target.advertisementId,
      targetUrl: url,
      origin,
      placement,
      referrerPageType: pageType,
      price: target.price,
      isGreen: target.isGreen,
      country,
      language,
      userId: request.userId.trim(),
      visitorKey,
      userAgentClass: agentClass,
      filter,
      counted: filter === ClickFilter.CLICK_FILTER_NOT_FILTERED,
      clickedAt: now.toISOString(),
    };
    const events = record.counted
      ? [
          {
            type: Events.clickRecorded,
            key: clickId,
            payload: { clickId, click: toClickMessage(record), recordedAt: now },
          },
        ]
      : [];
    const prepared = this.deps.outbox.prepare(null, events, now);
    await this.deps.clicks.insert({ ...record, ...prepared.fields }, prepared.records);
    if (record.counted) this.deps.pump.poke();
    return {
      targetUrl: url,
      clickId,
      locationKind: target.kind,
      shopId: target.shopId,
      offerId: target.offerId,
      price: target.price ?? undefined,
      fallback: target.fallback,
      counted: record.counted,
    };
  }

  /** Bots are never counted; a person's repeat within the window neither (atomic in the cache). */
  private async filterOf(agentClass: UserAgentClass, visitorKey: string, locationId: string): Promise<ClickFilter> {
    if (agentClass === UserAgentClass.USER_AGENT_CLASS_BOT) return ClickFilter.CLICK_FILTER_BOT;
    const seen = await this.deps.cache.increment(`click:${visitorKey}:${locationId}`, {
      ttlMs: this.options.duplicateWindowMs,
    });
    return seen > 1 ? ClickFilter.CLICK_FILTER_DUPLICATE : ClickFilter.CLICK_FILTER_NOT_FILTERED;
  }
}
