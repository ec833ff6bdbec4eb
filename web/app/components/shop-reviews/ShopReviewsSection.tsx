import { useLocation } from '@remix-run/react';
import type { ShopRatingJson } from '~/api/mappers/shop-review.server';
import { useCount } from '~/components/common/Count';
import { Pagination } from '~/components/common/Pagination';
import { SortForm } from '~/components/lists/SortForm';
import type { ShopReviewsView } from '~/data/shop-reviews.server';
import {
  keptForOrder,
  REVIEW_PARAMS,
  reviewsPageHref,
  SHOP_REVIEW_SORTS,
  type ReviewNotice,
} from '~/shop-reviews/review-query';
import { useSite } from '~/site/use-site';
import { ShopRatingSummary } from './ShopRatingSummary';
import { ShopReviewItem } from './ShopReviewItem';

/**
 * A shop page's reviews (ADR 119): the rating summary, "Write a review" (the review page asks a
 * guest to sign in first; the shop page itself is the same for everyone), the order as a GET form,
 * 10 reviews a page with the owner's replies, and the pagination. Everything renders on the server.
 */
export function ShopReviewsSection({
  shop,
  reviews,
  rating,
  notice,
}: {
  shop: { readonly id: string; readonly name: string };
  reviews: ShopReviewsView | null;
  rating: ShopRatingJson | null;
  notice: ReviewNotice | null;
}) {
  const { t, route } = useSite();
  const count = useCount();
  const { search } = useLocation();
  const total = reviews?.total ?? rating?.count ?? 0;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="reviews shop-reviews">
      <h2 id="reviews-heading">
        {t('shopReviews.title')} <span className="muted">({count('counts.reviews', total)})</span>
      </h2>
      {notice ? (
        <p className="notice notice-done" role="status">
          {t(`shopReviews.${notice}`)}
        </p>
      ) : null}
      <ShopRatingSummary rating={rating} />
      <p>
        <a href={`${route('account.reviews')}?shop=${encodeURIComponent(shop.id)}`} className="button" rel="nofollow">
          {t('shopReviews.write')}
        </a>
      </p>
      {reviews === null ? (
        <p className="muted">{t('common.unavailable')}</p>
      ) : reviews.items.length === 0 ? null : (
        <>
          {reviews.total > 1 ? (
            <SortForm
              name={REVIEW_PARAMS.sort}
              label={t('shopReviews.order')}
              options={SHOP_REVIEW_SORTS.map((key) => ({ key, label: t(`shopReviews.sorts.${key}`) }))}
              value={reviews.sort}
              hidden={keptForOrder(search).map(([name, value]) => (
                <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
              ))}
            />
          ) : null}
          <ul className="review-list shop-review-list">
            {reviews.items.map((review) => (
              <ShopReviewItem key={review.id} review={review} shopName={shop.name} />
            ))}
          </ul>
        </>
      )}
      {reviews ? (
        <Pagination
          page={reviews.page}
          pages={reviews.pages}
          hrefFor={(page) => reviewsPageHref(search, page)}
          label={t('shopReviews.pages')}
        />
      ) : null}
    </section>
  );
}
