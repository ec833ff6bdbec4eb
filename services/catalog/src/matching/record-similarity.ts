// Brand-aware similarity of two records, for the title stage of matching. As with titles, the
// comparison (expensive: tokenising) is apart from its scoring (cheap: arithmetic). Prices are
// not used: a price-ratio penalty did not improve F1 on any train split (docs/matching-report.md).
import { brandRelation, type BrandRelation } from './brand-relation.js';
import { normalizeMpn } from './mpn.js';
import type { ProductTypeWords } from './product-type-words.js';
import { compareTitleProfiles, scoreTitleComparison, type TitleComparison } from './title.js';
import { mpnCode, profileTitle, withProductType, type TitleProfile } from './title-profile.js';
import { MATCH_SCORING, type MatchScoring } from './title-scoring.js';
import { DEFAULT_TOKEN_WEIGHTS, type TokenWeights } from './token-weights.js';

/** The fields of a record the title stage reads. */
export interface TitledRecord {
  readonly title: string;
  readonly brand?: string;
  readonly mpn?: string;
  /** Searched for the other record's model codes only ("found in"), not compared word by word. */
  readonly description?: string;
}

export interface RecordComparison {
  readonly title: TitleComparison;
  readonly brand: BrandRelation;
}

/** Profiles kept: the products a busy catalog compares offers with, over many batches. */
const MAX_REMEMBERED_PROFILES = 5_000;
/** A profile holds its record's text: a long description is profiled each time, not kept. */
const MAX_REMEMBERED_TEXT = 2_048;
const rememberedProfiles = new Map<string, TitleProfile>();

/**
 * The record's title with its brand (so that a brand given only as a field still counts as a
 * shared word) and its MPN as an extra code. Remembered, least recently used going first: an
 * offer is compared with up to 30 candidates and a product with offer after offer, and tokenising
 * was a fifth of catalog's CPU while it matched a seed. A profile is immutable: sharing is safe.
 */
export function profileRecord(record: TitledRecord): TitleProfile {
  const mpn = record.mpn ?? '';
  const key = `${record.brand ?? ''}\u0000${record.title}\u0000${mpn}\u0000${record.description ?? ''}`;
  const remembered = rememberedProfiles.get(key);
  if (remembered) {
    rememberedProfiles.delete(key);
    rememberedProfiles.set(key, remembered);
    return remembered;
  }
  const profile = profileTitle(
    record.title,
    [mpnCode(mpn, normalizeMpn(mpn))],
    `${mpn} ${record.description ?? ''}`,
    record.brand ?? '',
  );
  if (key.length > MAX_REMEMBERED_TEXT) return profile;
  rememberedProfiles.set(key, profile);
  if (rememberedProfiles.size > MAX_REMEMBERED_PROFILES)
    rememberedProfiles.delete(rememberedProfiles.keys().next().value as string);
  return profile;
}

const profileIn = (record: TitledRecord, productType: ProductTypeWords | undefined): TitleProfile =>
  productType ? withProductType(profileRecord(record), productType) : profileRecord(record);

/** `productType`: the words of the category both are compared in (`ProductTypeWords`). */
export function compareRecords(
  a: TitledRecord,
  b: TitledRecord,
  weights: TokenWeights = DEFAULT_TOKEN_WEIGHTS,
  productType?: ProductTypeWords,
): RecordComparison {
  return {
    title: compareTitleProfiles(profileIn(a, productType), profileIn(b, productType), weights),
    brand: brandRelation(a, b),
  };
}

export function scoreRecordComparison(comparison: RecordComparison, scoring: MatchScoring = MATCH_SCORING): number {
  const score = scoreTitleComparison(comparison.title, scoring);
  return comparison.brand === 'conflict' ? score * scoring.brandConflictFactor : score;
}

/** Brand-aware title similarity in [0, 1]; symmetric. */
export function recordSimilarity(
  a: TitledRecord,
  b: TitledRecord,
  weights: TokenWeights = DEFAULT_TOKEN_WEIGHTS,
  productType?: ProductTypeWords,
): number {
  return scoreRecordComparison(compareRecords(a, b, weights, productType));
}
