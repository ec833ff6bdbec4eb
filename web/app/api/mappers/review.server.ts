import type { Review } from '@pc/proto/catalog/v1/types';
import { isoTime, orNull } from './money.server';

/** A review as spec §3 names its fields; `domain` is null for reviews written on this site. */
export function reviewJson(review: Review) {
  return {
    id: review.id,
    product_id: review.productId,
    author: review.author,
    published_at: isoTime(review.publishedAt),
    domain: orNull(review.domain),
    rating: { value: review.rating },
    title: orNull(review.title),
    body: review.body,
    language: review.language,
    source_url: orNull(review.sourceUrl),
  };
}
