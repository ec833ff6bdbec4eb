import { Rng } from '../random/prng.js';
import type { SeedShop } from '../shops/seed-shop.js';
import { LANGUAGES, type Language } from '../taxonomy/category.js';
import { FIRST_NAMES, toneOf } from './review-texts.js';
import { SHOP_REVIEW_TEXTS } from './shop-review-texts.js';

/** The demo visitors who review shops: each writes at most one review per shop. */
export const DEMO_VISITORS = 24;

/** A demo visitor's account: a name in one of the site's languages, an address of a reserved domain. */
export interface DemoVisitor {
  readonly index: number;
  readonly name: string;
  readonly email: string;
}

export function demoVisitor(index: number): DemoVisitor {
  const language: Language = LANGUAGES[index % LANGUAGES.length] ?? 'en';
  const names = FIRST_NAMES[language];
  const first = names[Math.floor(index / LANGUAGES.length) % names.length] ?? 'Alex';
  return {
    index,
    name: `${first} ${String.fromCharCode(65 + ((index * 7) % 26))}.`,
    email: `visitor-${index + 1}@demo-visitors.example`,
  };
}

/** A shop review as AddShopReview takes it, by one of the demo visitors. */
export interface SeedShopReview {
  readonly visitor: number;
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly language: Language;
}

/**
 * A shop's reviews by the demo visitors: none to five, in the shop's language, rated with the
 * J shape of real review sites shifted by a per-shop quality. At most `perVisitor` reviews by
 * one visitor over all shops (the platform allows ten a day).
 */
export function shopReviewsOf(shops: readonly SeedShop[], seed: string, perVisitor = 8): Map<number, SeedShopReview[]> {
  const written = new Array<number>(DEMO_VISITORS).fill(0);
  const result = new Map<number, SeedShopReview[]>();
  for (const shop of shops) {
    const rng = Rng.derive(seed, 'shop-reviews', shop.index);
    const quality = rng.normal() * 0.15;
    const wanted = rng.int(0, 5);
    const reviews: SeedShopReview[] = [];
    for (let attempt = 0; reviews.length < wanted && attempt < DEMO_VISITORS; attempt++) {
      const visitor = (shop.index * 5 + attempt * 7) % DEMO_VISITORS;
      if ((written[visitor] ?? 0) >= perVisitor || reviews.some((review) => review.visitor === visitor)) continue;
      const rating = rng.weighted([
        [5, Math.max(0.05, 0.45 + quality)],
        [4, 0.28],
        [3, 0.1],
        [2, 0.07],
        [1, Math.max(0.02, 0.1 - quality)],
      ] as const);
      const texts = SHOP_REVIEW_TEXTS[shop.language][toneOf(rating)];
      reviews.push({
        visitor,
        rating,
        title: rng.pick(texts.titles),
        body: rng.pick(texts.bodies).replace('{shop}', shop.name),
        language: shop.language,
      });
      written[visitor] = (written[visitor] ?? 0) + 1;
    }
    result.set(shop.index, reviews);
  }
  return result;
}
