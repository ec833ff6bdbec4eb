import { Field } from '~/components/auth/Field';
import { useCount } from '~/components/common/Count';
import { PageForm } from '~/components/forms/PageForm';
import type { ProductCardData } from '~/data/cards';
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, reviewForm, STARS } from '~/reviews/forms';
import { useSite } from '~/site/use-site';

/**
 * A review of a product (the product page's "Write a review" leads here): one to five stars, a
 * title and the text. Works without JavaScript; with it, checked before sending.
 */
export function ReviewForm({ product }: { product: ProductCardData }) {
  const { t } = useSite();
  const count = useCount();
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
          <fieldset className="star-choice" aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
            <legend>{t('reviews.yourRating')}</legend>
            {STARS.map((stars) => (
              <label key={stars}>
                <input type="radio" name="rating" value={stars} required />{' '}
                <span className="stars" aria-hidden="true">
                  {'★'.repeat(Number(stars))}
                </span>
                <span className="visually-hidden">{count('reviews.stars', Number(stars))}</span>
              </label>
            ))}
            {errors.rating ? (
              <span id="review-rating-error" className="field-error">
                {t(errors.rating)}
              </span>
            ) : null}
          </fieldset>
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
