import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { StarChoice } from '~/components/reviews/StarChoice';
import type { ProductCardData } from '~/data/cards';
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, reviewForm } from '~/reviews/forms';
import { useSite } from '~/site/use-site';

/**
 * A review of a product (the product page's "Write a review" leads here): one to five stars, a
 * title and the text. Works without JavaScript; with it, checked before sending.
 */
export function ReviewForm({ product }: { product: ProductCardData }) {
  const { t } = useSite();
  return (
    <PageForm
      schema={reviewForm}
      intent="review"
      submit={t('reviews.publish')}
      label={t('reviews.writeFor', { name: product.name })}
      hidden={{ product_id: product.id }}
    >
      {(errors) => (
        <>
          <StarChoice idPrefix="review" legend={t('reviews.yourRating')} error={errors.rating} />
          <Field
            idPrefix="review"
            name="title"
            label={`${t('reviews.title')} (${t('reviews.optional')})`}
            required={false}
            maxLength={REVIEW_TITLE_MAX}
            error={errors.title}
          />
          <Field
            idPrefix="review"
            name="body"
            label={t('reviews.body')}
            rows={6}
            maxLength={REVIEW_BODY_MAX}
            error={errors.body}
          />
        </>
      )}
    </PageForm>
  );
}
