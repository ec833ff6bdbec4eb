import type { ReactNode } from 'react';
import type { ShopReviewJson } from '~/api/mappers/shop-review.server';
import { formatDate } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { ReviewStars } from './ReviewStars';

/**
 * One review of a shop: its title (a heading under the list's), stars, text, author ("former
 * user" once the account was deleted) and date in the page's locale, the verified badge, and the
 * shop owner's reply under it. `children`: what the page adds (the owner's reply form).
 */
export function ShopReviewItem({
  review,
  shopName,
  children,
}: {
  review: ShopReviewJson;
  shopName: string;
  children?: ReactNode;
}) {
  const { t, tag } = useSite();
  const author = review.author ?? t('shopReviews.formerUser');
  const headingId = `shop-review-${review.id}`;
  const lang = review.language || undefined;
  return (
    <li className="shop-review" data-review={review.id}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId} lang={review.title ? lang : undefined}>
          {review.title ?? t('shopReviews.byAuthor', { author })}
        </h3>
        <p className="shop-review-meta">
          <ReviewStars stars={review.rating.value} />{' '}
          {review.verified ? <span className="badge badge-green verified">{t('shopReviews.verified')}</span> : null}
        </p>
        <p className="shop-review-body" lang={lang}>
          {review.body}
        </p>
        <p className="muted">
          <span className={review.author ? 'shop-review-author' : 'shop-review-author former-user'}>{author}</span>
          {review.published_at ? (
            <>
              {' · '}
              <time dateTime={review.published_at}>{formatDate(review.published_at, tag)}</time>
            </>
          ) : null}
        </p>
        {review.reply ? (
          <div className="shop-reply">
            <h4>{t('shopReviews.replyFrom', { shop: shopName })}</h4>
            <p>{review.reply.body}</p>
            {review.reply.replied_at ? (
              <p className="muted">
                <time dateTime={review.reply.replied_at}>{formatDate(review.reply.replied_at, tag)}</time>
              </p>
            ) : null}
          </div>
        ) : null}
        {children}
      </article>
    </li>
  );
}
