// Why the matcher takes two records for one product or two (the shopping panel's merge evidence,
// ADR 060): the same stages as `decideMatch`, with the title stage opened up into the model's
// features and what each added to the log-odds. Pure.
import { decideByIdentifiers, type MatchableRecord, type MatchOptions } from './decide-match.js';
import { normalizeGtins } from './gtin.js';
import { NUMERIC_FEATURES, numericFeatures, sparseFeatures } from './match-features.js';
import { MATCH_MODEL, type MatchModel } from './match-model.js';
import { MATCH_MODEL_WEIGHTS } from './match-model-weights.js';
import type { MatchModelWeights } from './match-model-shape.js';
import { compareRecords, type RecordComparison } from './record-similarity.js';

export type EvidenceRule = 'gtin' | 'different_gtins' | 'brand_mpn' | 'title';

export interface FeatureContribution {
  readonly name: string;
  readonly value: number;
  /** What the feature added to the model's log-odds (negative: against one product). */
  readonly contribution: number;
}

export interface PairEvidence {
  readonly rule: EvidenceRule;
  readonly sameProduct: boolean;
  readonly confidence: number;
  /** The title stage's threshold on the model's probability. */
  readonly threshold: number;
  /** The strongest contributions of the title comparison, by size; none for identifier rules. */
  readonly features: readonly FeatureContribution[];
  readonly sharedGtins: readonly string[];
}

/** Features shown: enough to read why, few enough to read at all. */
const FEATURES_SHOWN = 8;

export interface EvidenceOptions extends MatchOptions {
  /** The weights behind `model` (the shipped ones unless given), to split the log-odds by feature. */
  readonly modelWeights?: MatchModelWeights;
}

/** The matcher's evidence for a pair; `decideMatch(a, b)` is non-null exactly when `sameProduct`. */
export function explainMatch(a: MatchableRecord, b: MatchableRecord, options: EvidenceOptions = {}): PairEvidence {
  const model: MatchModel = options.model ?? MATCH_MODEL;
  const aGtins = normalizeGtins(a.gtins);
  const sharedGtins = [...normalizeGtins(b.gtins)].filter((gtin) => aGtins.has(gtin)).sort();
  const identifiers = decideByIdentifiers(a, b);
  const base = { threshold: model.threshold, sharedGtins, features: [] };
  if (identifiers === 'different') return { ...base, rule: 'different_gtins', sameProduct: false, confidence: 0 };
  if (identifiers !== null)
    return { ...base, rule: identifiers.method, sameProduct: true, confidence: identifiers.confidence };
  const comparison = compareRecords(a, b, options.weights, options.productType);
  const probability = model.probability(comparison);
  return {
    ...base,
    rule: 'title',
    sameProduct: probability >= model.threshold,
    confidence: probability,
    features: contributions(comparison, options.modelWeights ?? MATCH_MODEL_WEIGHTS),
  };
}

function contributions(comparison: RecordComparison, weights: MatchModelWeights): FeatureContribution[] {
  const sparse = new Map(weights.sparse);
  const values = numericFeatures(comparison);
  const numeric: FeatureContribution[] = NUMERIC_FEATURES.map((name, index) => {
    const value = values[index] ?? 0;
    return { name, value, contribution: value * weights.numeric[name] };
  });
  const tokens: FeatureContribution[] = sparseFeatures(comparison).map((key) => ({
    name: key,
    value: 1,
    contribution: sparse.get(key) ?? 0,
  }));
  return [...numeric, ...tokens]
    .filter((feature) => feature.contribution !== 0)
    .sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution) || x.name.localeCompare(y.name))
    .slice(0, FEATURES_SHOWN);
}
