import type { OwnShopReviewJson } from '~/api/mappers/shop-review.server';
import { PageForm } from '~/components/forms/PageForm';
import type { ReviewedShop } from '~/data/shop-reviews.server';
import { deleteShopReviewForm } from '~/shop-reviews/forms';
import { useSite } from '~/site/use-site';
import { ShopReviewItem } from './ShopReviewItem';

/**
 * The visitor's review of the shop, written already (one per shop): as it is published, whether
 * staff hid it, and "Delete my review" in place of the form.
 */
export function OwnShopReview({ shop, review }: { shop: ReviewedShop; review: OwnShopReviewJson }) {
  const { t } = useSite();
  return (
    <section className="own-shop-review" aria-labelledby="own-review-heading">
      <h2 id="own-review-heading">{t('shopReviews.yours')}</h2>
      {review.hidden ? <p className="notice notice-error">{t('shopReviews.hidden')}</p> : null}
      <ul className="review-list shop-review-list">
        <ShopReviewItem review={review} shopName={shop.name} />
      </ul>
      <PageForm
        schema={deleteShopReviewForm}
        intent="deleteShopReview"
        hidden={{ review_id: review.id, shop_id: shop.id }}
        submit={t('shopReviews.delete')}
        submitClassName="danger"
      />
    </section>
  );
}
