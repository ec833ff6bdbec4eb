import { titleSimilarity } from '../matching/title.js';
import { resolveLanguage } from './localized.js';
import type { ProductRecord } from './product.js';

// Weights of what two products share (proto: same category first, then brand and features).
// The category dominates: any product of the same category outranks one that only shares the brand.
const SAME_CATEGORY = 10;
const SIBLING_CATEGORY = 5;
const SAME_BRAND = 2;
const PER_SHARED_FEATURE = 0.5;
const MAX_FEATURES_SCORE = 2;

function sharedFeatures(a: ProductRecord, b: ProductRecord): number {
  const values = new Set(a.features.map((f) => `${f.name.toLowerCase()}\u0000${f.value.toLowerCase()}`));
  return b.features.filter((f) => values.has(`${f.name.toLowerCase()}\u0000${f.value.toLowerCase()}`)).length;
}

/** How similar a candidate is to the product; higher is closer. */
export function similarityScore(product: ProductRecord, candidate: ProductRecord, language: string): number {
  const parentOf = (p: ProductRecord) => p.categoryPathIds[p.categoryPathIds.length - 2] ?? '';
  let score = 0;
  if (product.categoryId && candidate.categoryId === product.categoryId) score += SAME_CATEGORY;
  else if (parentOf(product) && parentOf(candidate) === parentOf(product)) score += SIBLING_CATEGORY;
  if (product.brandId && candidate.brandId === product.brandId) score += SAME_BRAND;
  score += Math.min(MAX_FEATURES_SCORE, PER_SHARED_FEATURE * sharedFeatures(product, candidate));
  const name = (p: ProductRecord) => resolveLanguage(p.texts, language)?.name ?? '';
  return score + titleSimilarity(name(product), name(candidate));
}

/** The `limit` most similar active candidates, never the product itself; ties by rating count. */
export function rankSimilar<T extends ProductRecord>(
  product: ProductRecord,
  candidates: readonly T[],
  language: string,
  limit: number,
): T[] {
  const unique = new Map<string, T>();
  for (const candidate of candidates)
    if (candidate._id !== product._id && candidate.status === 'active') unique.set(candidate._id, candidate);
  return [...unique.values()]
    .map((candidate) => ({ candidate, score: similarityScore(product, candidate, language) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.candidate.rating?.count ?? 0) - (a.candidate.rating?.count ?? 0) ||
        a.candidate._id.localeCompare(b.candidate._id),
    )
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
