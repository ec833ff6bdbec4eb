import { useLocation } from '@remix-run/react';
import type { ShopReviewJson } from '~/api/mappers/shop-review.server';
import { Field } from '~/components/auth/Field';
import { Pagination } from '~/components/common/Pagination';
import { PageForm } from '~/components/forms/PageForm';
import type { OwnerReviewsView } from '~/data/shop-reviews.server';
import { SHOP_REVIEW_LIMITS, shopReplyForm } from '~/shop-reviews/forms';
import { reviewsPageHref } from '~/shop-reviews/review-query';
import { useSite } from '~/site/use-site';
import { ShopRatingSummary } from './ShopRatingSummary';
import { ShopReviewItem } from './ShopReviewItem';

/** The owner's public reply to one review: empty removes it. The page says the outcome once, at its top. */
function ReplyForm({ review }: { review: ShopReviewJson }) {
  const { t } = useSite();
  const author = review.author ?? t('shopReviews.formerUser');
  return (
    <PageForm
      schema={shopReplyForm}
      intent="reply"
      hidden={{ review_id: review.id }}
      submit={t(review.reply ? 'shopReviews.owner.saveReply' : 'shopReviews.owner.publishReply')}
      submitLabel={t('shopReviews.owner.replyTo', { author })}
      submitClassName=""
      className="form reply-form"
      showResult={false}
    >
      {(errors) => (
        <Field
          idPrefix={`reply-${review.id}`}
          name="body"
          label={t('shopReviews.owner.replyLabel')}
          rows={3}
          required={false}
          maxLength={SHOP_REVIEW_LIMITS.replyMax}
          defaultValue={review.reply?.body ?? ''}
          error={errors.body}
        />
      )}
    </PageForm>
  );
}

/**
 * "Reviews" of shop settings (ADR 119): the shop's published reviews, newest first, 10 a page,
 * each with its reply form; the rating they add up to. A shop not in the directory has none.
 */
export function OwnerReviewsSection({ reviews, shopName }: { reviews: OwnerReviewsView | null; shopName: string }) {
  const { t } = useSite();
  const { search } = useLocation();
  if (!reviews) return <p className="muted">{t('common.unavailable')}</p>;
  if (!reviews.listed) return <p className="muted">{t('shopReviews.owner.notListed')}</p>;
  return (
    <>
      <p className="muted">{t('shopReviews.owner.intro')}</p>
      <ShopRatingSummary rating={reviews.rating} />
      {reviews.items.length > 0 ? (
        <ul className="review-list shop-review-list">
          {reviews.items.map((review) => (
            <ShopReviewItem key={review.id} review={review} shopName={shopName}>
              <ReplyForm review={review} />
            </ShopReviewItem>
          ))}
        </ul>
      ) : null}
      <Pagination
        page={reviews.page}
        pages={reviews.pages}
        hrefFor={(page) => reviewsPageHref(search, page, 'reviews-heading')}
        label={t('shopReviews.pages')}
      />
    </>
  );
}
