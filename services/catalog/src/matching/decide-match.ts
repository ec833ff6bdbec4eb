// The matching decision between an offer and one candidate product, in the order of evidence
// strength: a verified GTIN, then brand + part number, then the title. Pure: the catalog finds
// candidates (by GTIN, MPN, `titleBlockingKeys`) and asks this module about each.
import { brandRelation } from './brand-relation.js';
import { normalizeGtins } from './gtin.js';
import { normalizeMpn } from './mpn.js';
import { MATCH_MODEL, type MatchModel } from './match-model.js';
import { compareRecords } from './record-similarity.js';
import type { ProductTypeWords } from './product-type-words.js';
import type { TokenWeights } from './token-weights.js';

export interface MatchableRecord {
  readonly title: string;
  readonly brand?: string;
  readonly mpn?: string;
  /** Raw or normalised GTINs; invalid ones are ignored. */
  readonly gtins?: readonly string[];
  /** Searched for the other record's model codes. */
  readonly description?: string;
  /** Accepted but not used: prices did not help tell products apart on the benchmarks. */
  readonly price?: number;
}

export type MatchMethodName = 'gtin' | 'brand_mpn' | 'title';

export interface MatchDecision {
  readonly method: MatchMethodName;
  readonly confidence: number;
}

export interface MatchOptions {
  /** Token weights learned from the titles at hand (`learnTokenWeights`); kind weights if absent. */
  readonly weights?: TokenWeights;
  /** The words of the offer's category in the platform's languages: each shop's product-type noun. */
  readonly productType?: ProductTypeWords;
  /** The shipped model (`match-model-weights.ts`) unless given. */
  readonly model?: MatchModel;
}

/** Lowest probability of the match model taken as the same product. Chosen on train/valid. */
export const TITLE_MATCH_THRESHOLD: number = MATCH_MODEL.threshold;
const BRAND_MPN_CONFIDENCE = 0.95;

/** The identifier stage alone: a decision, 'different' when both carry valid GTINs and none is
 *  shared (a barcode identifies one trade item), or null when identifiers do not settle it. */
export function decideByIdentifiers(
  offer: MatchableRecord,
  candidate: MatchableRecord,
): MatchDecision | 'different' | null {
  const offerGtins = normalizeGtins(offer.gtins);
  const candidateGtins = normalizeGtins(candidate.gtins);
  if ([...offerGtins].some((gtin) => candidateGtins.has(gtin))) return { method: 'gtin', confidence: 1 };
  if (offerGtins.size > 0 && candidateGtins.size > 0) return 'different';
  const offerMpn = normalizeMpn(offer.mpn ?? '');
  if (
    offerMpn !== '' &&
    offerMpn === normalizeMpn(candidate.mpn ?? '') &&
    brandRelation(offer, candidate) === 'agree'
  ) {
    return { method: 'brand_mpn', confidence: BRAND_MPN_CONFIDENCE };
  }
  return null;
}

/** Decides whether two records are the same product: same valid GTIN → gtin (1.0); GTINs that
 *  differ and are both valid → NOT the same; same brand key + same normalised MPN → brand_mpn;
 *  otherwise the match model's probability over the title comparison (brand-aware) ≥ its
 *  threshold → title, with the probability as confidence; else null. */
export function decideMatch(
  offer: MatchableRecord,
  candidate: MatchableRecord,
  options: MatchOptions = {},
): MatchDecision | null {
  const byIdentifiers = decideByIdentifiers(offer, candidate);
  if (byIdentifiers === 'different') return null;
  if (byIdentifiers !== null) return byIdentifiers;
  const model = options.model ?? MATCH_MODEL;
  const probability = model.probability(compareRecords(offer, candidate, options.weights, options.productType));
  return probability >= model.threshold ? { method: 'title', confidence: probability } : null;
}
