// Products the catalog must keep apart whatever the benchmarks reward (ADR 071): models of one
// brand and one kind whose titles differ only in their model names, compared under kind weights
// (a young catalog has no statistics). The benchmarks' web pairs reward tolerating words that
// differ; here each differing word is a model's name.
import type { MatchableRecord } from '../decide-match.js';
import type { MatchModel } from '../match-model.js';
import { compareRecords } from '../record-similarity.js';

/** Stand mixers of one brand, as the catalog's token statistics test names its own (other
 *  names here, so that the guard is no copy of that test): three words of their own each. */
const MIXER_MODELS = [
  'Alder Atlas Cobalt',
  'Bramble Bistro Sienna',
  'Clover Crest Umber',
  'Dune Dynasty Indigo',
  'Ember Envoy Sable',
  'Fjord Fusion Russet',
  'Grove Gala Ochre',
  'Heath Harbor Slate',
];

/** Families of distinct models, each family one brand. */
export const DISTINCT_MODEL_FAMILIES: ReadonlyArray<readonly MatchableRecord[]> = [
  MIXER_MODELS.map((model) => ({ title: `${model} Kitchen Stand Mixer Stainless Steel`, brand: 'Domestia' })),
  ['Winchester', 'Canterbury', 'Sheffield', 'Glasgow'].map((model) => ({
    title: `Classic Lady ${model} Watch 36mm Rose Gold`,
    brand: 'Wellstone',
  })),
  ['Flyknit', 'Distance', 'Motion', 'Commuter'].map((model) => ({
    title: `Free Run ${model} Running Shoes Men Black`,
    brand: 'Stride',
  })),
];

export interface DistinctModelMerges {
  readonly pairs: number;
  /** Pairs of two distinct models the model takes for one product. */
  readonly merged: number;
  readonly highestProbability: number;
}

/** How the model decides every pair of distinct models within each family. */
export function distinctModelMerges(model: MatchModel): DistinctModelMerges {
  let pairs = 0;
  let merged = 0;
  let highestProbability = 0;
  for (const family of DISTINCT_MODEL_FAMILIES) {
    family.forEach((a, i) =>
      family.slice(i + 1).forEach((b) => {
        const probability = model.probability(compareRecords(a, b));
        pairs += 1;
        if (probability >= model.threshold) merged += 1;
        highestProbability = Math.max(highestProbability, probability);
      }),
    );
  }
  return { pairs, merged, highestProbability };
}

export const formatDistinctModelMerges = ({ pairs, merged, highestProbability }: DistinctModelMerges): string =>
  `distinct models of one brand: ${merged} of ${pairs} pairs merged (highest probability ${highestProbability.toFixed(3)})`;
