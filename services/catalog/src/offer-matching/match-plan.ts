import type { BatchOffer } from './match-lookups.js';

export type MatchMethodName = 'existing_link' | 'gtin' | 'brand_mpn' | 'title' | 'created';

/** What one offer of the batch was matched to. */
export interface PlannedMatch {
  readonly productId: string;
  readonly method: MatchMethodName;
  readonly confidence: number;
}

/** A product the batch creates from the first offer that needed it. */
export interface PlannedProduct {
  readonly id: string;
  readonly source: BatchOffer;
  /** The id comes from a claim a creator wrote and never completed: written only if still absent. */
  readonly adopted: boolean;
  /** What the offer's match is when its first creator completes an adopted product meanwhile. */
  readonly adoptedAs?: Exclude<MatchMethodName, 'existing_link' | 'created'>;
}

/** A GTIN, brand+MPN or title key (`titleClaimKey`) the batch claims for a product. */
export interface PlannedClaim {
  readonly kind: 'gtin' | 'mpn' | 'title';
  readonly key: string;
  readonly productId: string;
}

/** An offer matched to a product that may fill the product's gaps. */
export interface PlannedContribution {
  readonly source: BatchOffer;
  /** The offer's GTIN when it belongs to this product (claimed by it, or claimed now). */
  readonly gtin: string | null;
}

export interface MatchPlan {
  /** Per offer of the batch, in order; null when nothing matched and nothing is created. */
  readonly matches: readonly (PlannedMatch | null)[];
  readonly newProducts: readonly PlannedProduct[];
  readonly claims: readonly PlannedClaim[];
  /** By product id (new or existing), in batch order. */
  readonly contributions: ReadonlyMap<string, readonly PlannedContribution[]>;
}
