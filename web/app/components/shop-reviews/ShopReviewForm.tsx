import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { StarChoice } from '~/components/reviews/StarChoice';
import type { ReviewedShop } from '~/data/shop-reviews.server';
import { SHOP_REVIEW_LIMITS, shopReviewForm } from '~/shop-reviews/forms';
import { useSite } from '~/site/use-site';

/**
 * A visitor's review of a shop (the shop page's "Write a review" leads here): one to five stars,
 * an optional title of at most 120 characters, a text of 20 to 5,000. Works without JavaScript;
 * with it, checked before sending. Offers checks again and may refuse (said at the form).
 */
export function ShopReviewForm({ shop }: { shop: ReviewedShop }) {
  const { t } = useSite();
  return (
    <PageForm
      schema={shopReviewForm}
      intent="shopReview"
      submit={t('shopReviews.publish')}
      label={t('shopReviews.writeFor', { name: shop.name })}
      hidden={{ shop_id: shop.id }}
    >
      {(errors) => (
        <>
          {errors.form ? (
            <p className="notice notice-error" role="alert">
              {t('common.failed')}
            </p>
          ) : null}
          <StarChoice idPrefix="shop-review" legend={t('shopReviews.yourRating')} error={errors.rating} />
          <Field
            idPrefix="shop-review"
            name="title"
            label={t('shopReviews.reviewTitle')}
            required={false}
            maxLength={SHOP_REVIEW_LIMITS.titleMax}
            error={errors.title}
          />
          <Field
            idPrefix="shop-review"
            name="body"
            label={t('shopReviews.body')}
            rows={8}
            maxLength={SHOP_REVIEW_LIMITS.bodyMax}
            error={errors.body}
          />
        </>
      )}
    </PageForm>
  );
}
