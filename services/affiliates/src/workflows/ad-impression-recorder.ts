import type { RecordAdImpressionsRequest } from '@pc/proto/affiliates/v1/affiliates';
import { UserAgentClass } from '@pc/proto/affiliates/v1/types';
import type { VisitorKeys } from '@pc/kit/identity/visitor-keys';
import type { Cache } from '@pc/kit/ports/cache';
import { AdvertiserChecks } from '../domain/advertiser-input.js';
import { userAgentClass } from '../domain/user-agent.js';
import type { AdImpressionRepository } from '../store/ad-impression-repository.js';
import type { AdvertisementRepository } from '../store/advertisement-repository.js';

export interface AdImpressionRecorderDependencies {
  readonly advertisements: AdvertisementRepository;
  readonly impressions: AdImpressionRepository;
  readonly cache: Cache;
  readonly visitors: VisitorKeys;
  readonly clock: () => Date;
}

/** Most advertisements one call counts (a page shows a few slots of a few ads). */
const MAX_IDS = 20;

/**
 * RecordAdImpressions (ADR 104): the advertisements a visitor saw, each counted once per visitor
 * within `repeatWindowMs` (atomic in the cache, as clicks' repeats are), never a bot's; an id
 * that names no advertisement, or a deleted one, counts nothing.
 */
export class AdImpressionRecorder {
  constructor(
    private readonly deps: AdImpressionRecorderDependencies,
    private readonly options: { readonly repeatWindowMs: number },
  ) {}

  async record(request: RecordAdImpressionsRequest): Promise<number> {
    const checks = new AdvertiserChecks();
    if (request.advertisementIds.length === 0) checks.add('advertisement_ids', 'is required', 'required');
    checks.maxItems('advertisement_ids', request.advertisementIds.length, MAX_IDS);
    const ids = [
      ...new Set(request.advertisementIds.map((id, i) => checks.id(`advertisement_ids[${i}]`, id, { required: true }))),
    ];
    checks.done();
    if (userAgentClass(request.userAgent) === UserAgentClass.USER_AGENT_CLASS_BOT) return 0;
    const known = (await this.deps.advertisements.getMany(ids)).filter((ad) => !ad.deleted).map((ad) => ad._id);
    const visitor = this.deps.visitors.keyOf(
      { visitorId: request.visitorId, ip: request.ip, userAgent: request.userAgent },
      this.deps.clock(),
    );
    const first = await Promise.all(
      known.map(async (id) => {
        const seen = await this.deps.cache.increment(`impression:${visitor}:${id}`, {
          ttlMs: this.options.repeatWindowMs,
        });
        return seen === 1 ? id : null;
      }),
    );
    const counted = first.filter((id): id is string => id !== null);
    await this.deps.impressions.count(counted);
    return counted.length;
  }
}
