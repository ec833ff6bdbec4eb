import { momentOf, type DayNumber } from '../calendar/days.js';
import type { SeedProduct } from '../catalog/seed-product.js';
import { Rng } from '../random/prng.js';
import type { Language } from '../taxonomy/category.js';
import { FIRST_NAMES, REVIEW_SITES, REVIEW_TEXTS, toneOf } from './review-texts.js';

/** An imported review, as AddReview takes it (without the product id). */
export interface SeedReview {
  readonly author: string;
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly language: Language;
  readonly sourceDomain: string;
  readonly sourceReviewId: string;
  readonly sourceUrl: string;
  readonly publishedAt: Date;
}

export interface ReviewParams {
  readonly seed: string;
  readonly untilDay: DayNumber;
  readonly historyDays: number;
  readonly maxPerProduct: number;
}

/**
 * A product's imported reviews: more for popular products, in the languages of the shops that
 * sell it, with the J-shaped ratings of real review sites (mostly 5 and 4, a bump at 1) shifted by
 * a per-product quality.
 */
export function reviewsOf(product: SeedProduct, languages: readonly Language[], params: ReviewParams): SeedReview[] {
  if (params.maxPerProduct === 0 || languages.length === 0) return [];
  const rng = Rng.derive(params.seed, 'reviews', product.index);
  const count = Math.round(params.maxPerProduct * (0.15 + 0.85 * product.popularity) * rng.next());
  const quality = rng.normal() * 0.12;
  const firstDay = Math.max(product.launchDay, params.untilDay - params.historyDays);
  return Array.from({ length: count }, (_, k) => {
    const language = rng.pick(languages);
    const rating = rng.weighted([
      [5, Math.max(0.05, 0.44 + quality)],
      [4, 0.27],
      [3, 0.11],
      [2, 0.07],
      [1, Math.max(0.02, 0.11 - quality)],
    ] as const);
    const texts = REVIEW_TEXTS[language][toneOf(rating)];
    const feature = rng.pick(product.features);
    const fill = (text: string) =>
      text
        .replace('{noun}', product.template.noun[language])
        .replace('{brand}', product.brand.name)
        .replace('{feature}', feature ? `${feature.name} (${feature.value})` : product.model);
    const sourceDomain = REVIEW_SITES[language];
    const sourceReviewId = `s${params.seed}-p${product.index}-r${k}`;
    return {
      author: `${rng.pick(FIRST_NAMES[language])} ${String.fromCharCode(65 + rng.int(0, 25))}.`,
      rating,
      title: rng.pick(texts.titles),
      body: fill(rng.pick(texts.bodies)),
      language,
      sourceDomain,
      sourceReviewId,
      sourceUrl: `https://${sourceDomain}/reviews/${sourceReviewId}`,
      publishedAt: momentOf(rng.int(firstDay, params.untilDay - 1), rng.int(360, 1380)),
    };
  });
}
