import { useEffect, useRef, useState } from 'react';
import type { RatingJson } from '~/api/mappers/product.server';
import { formatDate, formatNumber } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { useCount } from '../common/Count';
import { Rating } from '../common/Rating';

interface Review {
  readonly id: string;
  readonly author: string;
  readonly published_at: string | null;
  readonly domain: string | null;
  readonly rating: { value: number };
  readonly title: string | null;
  readonly body: string;
  readonly language: string;
}

/** Reviews per page; product.css reserves the space of up to this many (`.review-list[data-reserved]`). */
const PAGE = 5;

/**
 * The rating summary (server-rendered) and the reviews, fetched only once the section comes
 * within a screen of the view (spec §2.7). The list's space is reserved from the known count.
 */
export function Reviews({ productId, rating }: { productId: string; rating: RatingJson | null }) {
  const { t, tag, locale, route } = useSite();
  const count = useCount();
  const section = useRef<HTMLElement>(null);
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(rating?.count ?? 0);
  const expected = rating?.count ?? 0;

  const load = async (next: number) => {
    const response = await fetch(
      `/api/products/${encodeURIComponent(productId)}/reviews?locale=${locale.id}&hitsPerPage=${PAGE}&page=${next}`,
    );
    if (!response.ok) return; // spec §8: related data failing is ignored
    const body = (await response.json()) as { data: Review[]; meta: { total: number } };
    setReviews((old) => (next === 1 ? body.data : [...(old ?? []), ...body.data]));
    setTotal(body.meta.total);
    setPage(next);
  };

  useEffect(() => {
    const element = section.current;
    if (!element || expected === 0) return;
    // A screen ahead of the reader: the list takes its height (the reserved space is an estimate)
    // below the fold, so nothing the reader sees moves (CLS).
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void load(1);
        }
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [productId]);

  const reserved = Math.min(expected, PAGE);
  return (
    <section id="reviews" ref={section} aria-labelledby="reviews-heading" className="reviews">
      <h2 id="reviews-heading">
        {t('product.reviews')} <span className="muted">({count('counts.reviews', rating?.count ?? 0)})</span>
      </h2>
      <Rating rating={rating} />
      {rating ? (
        <ol className="distribution" aria-label={t('rating.label', { value: formatNumber(rating.value, tag, 1) })}>
          {rating.distribution.map((n, i) => (
            <li key={i}>
              <span>{5 - i}★</span>
              <meter min={0} max={rating.count} value={n} aria-label={`${5 - i}★`} />
              <span className="muted">{n}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {expected === 0 ? (
        <p className="muted">{t('product.reviewsEmpty')}</p>
      ) : (
        <ul className="review-list" data-reserved={reviews ? undefined : reserved} aria-busy={reviews === null}>
          {(reviews ?? []).map((review) => (
            <li key={review.id} lang={review.language || undefined}>
              <p>
                <Rating rating={{ value: review.rating.value, count: 1 }} /> <strong>{review.title ?? ''}</strong>
              </p>
              <p>{review.body}</p>
              <p className="muted">
                {/* A deleted account's review keeps no name (ADR 148). */}
                {review.author || (review.domain ? '' : t('product.reviewByFormerUser'))}
                {review.published_at ? ` · ${formatDate(review.published_at, tag)}` : ''}
                {review.domain ? ` · ${t('product.reviewOn', { domain: review.domain })}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {reviews && reviews.length < total ? (
        <button type="button" onClick={() => void load(page + 1)}>
          {t('product.moreReviews')}
        </button>
      ) : null}
      <p>
        {/* The review page asks a visitor to sign in first (the product page itself is the same for everyone). */}
        <a
          href={`${route('account.reviews')}?product=${encodeURIComponent(productId)}`}
          className="button"
          rel="nofollow"
        >
          {t('product.writeReview')}
        </a>
      </p>
    </section>
  );
}
