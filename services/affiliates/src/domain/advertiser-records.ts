import type { AdvertiserKind, PricingModel } from '@pc/proto/affiliates/v1/types';
import type { MoneyRecord } from './click-record.js';
import type { UrlParameter } from './target-url.js';

/** Texts of an advertiser in one language (spec §2.4 advertiser metas). */
export interface AdvertiserMetaRecord {
  readonly language: string;
  readonly title: string;
  readonly description: string;
}

/** A shop or brand that pays per click or per sale (spec §2.4 advertisers). */
export interface AdvertiserRecord {
  readonly _id: string;
  readonly name: string;
  /** Lower-cased name: the staff list's order. */
  readonly sortName: string;
  readonly kind: AdvertiserKind;
  readonly shopId: string;
  readonly brandSlug: string;
  readonly homepageUrl: string;
  readonly pricing: PricingModel;
  readonly costPerClick: MoneyRecord | null;
  readonly metas: readonly AdvertiserMetaRecord[];
  readonly active: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Our publisher account with a network for one advertiser (spec §2.4 accounts). */
export interface AffiliateAccountRecord {
  readonly _id: string;
  readonly advertiserId: string;
  /** The advertiser's shop, copied so a click-out finds its parameters in one indexed read. */
  readonly shopId: string;
  readonly network: string;
  readonly publisherId: string;
  readonly commissionBasisPoints: number;
  readonly commissionPerClick: MoneyRecord | null;
  readonly trackingParameters: readonly UrlParameter[];
  readonly active: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** An advertisement slot's content and targeting (spec §2.4 advertisements). */
export interface AdvertisementRecord {
  readonly _id: string;
  readonly advertiserId: string;
  /** The advertiser's shop ('' for a brand): its clicks count for that shop too. */
  readonly shopId: string;
  readonly placement: string;
  readonly title: string;
  readonly text: string;
  readonly imageUrl: string;
  readonly url: string;
  readonly countries: readonly string[];
  /** The countries, or ['*'] for everywhere (one `$in` answers "shown in CH"). */
  readonly countryKeys: readonly string[];
  readonly language: string;
  readonly categoryIds: readonly string[];
  readonly startsAt: string;
  readonly endsAt: string | null;
  /** `endsAt`, or the far future when open-ended (one range answers "running now"). */
  readonly endKey: string;
  readonly weight: number;
  readonly deleted: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}
