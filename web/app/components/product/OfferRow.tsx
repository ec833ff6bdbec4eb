import type { OfferJson } from '~/api/mappers/offer.server';
import { formatDate, formatPrice } from '~/i18n/format';
import { badgeColour } from '~/product/offer-view';
import { clickOutHref } from '~/product/click-out';
import { useSite } from '~/site/use-site';
import { LeafIcon } from '../common/LeafIcon';
import { Rating } from '../common/Rating';
import { OfferPrice } from './OfferPrice';

/**
 * One offer: shop (with its visitors' stars and review count once it has any, ADR 119), title,
 * availability badge (colours of §4), total and its parts, freshness, link out. A price offers
 * holds back as implausible (ADR 146; listed last) says so: it is no cheap offer to pick.
 */
export function OfferRow({ offer }: { offer: OfferJson }) {
  const { t, tag } = useSite();
  const hold = offer.priceHold;
  const holdNote = hold
    ? t('product.priceHeldNote', {
        median: hold.median ? formatPrice(hold.median.amount, hold.median.currency, tag) : '',
      })
    : '';
  return (
    <li
      className={hold ? 'offer-row offer-held' : 'offer-row'}
      data-availability={offer.availability}
      data-price-hold={hold ? hold.reason : undefined}
    >
      <div className="offer-shop">
        <img src={offer.shop.favicon ?? '/img/placeholder/shop.svg'} alt="" width={32} height={32} loading="lazy" />
        <div>
          <strong>{offer.shop.name}</strong>
          {offer.shop.rating ? <Rating rating={offer.shop.rating} /> : null}
          <p className="muted offer-name">{offer.name}</p>
        </div>
      </div>
      <div className="offer-status">
        <span className={`badge badge-${badgeColour(offer.availability)}`}>
          {t(`product.availability.${offer.availability}`)}
        </span>
        {hold ? (
          <>
            <span className="badge badge-grey offer-hold">{t('product.priceHeld')}</span>
            <span className="muted offer-hold-note">{holdNote}</span>
          </>
        ) : null}
        {offer.isGreen ? <LeafIcon label={t('product.greenOffer')} /> : null}
        {offer.deliveryTime ? (
          <span className="muted">{t('product.delivery', { time: offer.deliveryTime })}</span>
        ) : null}
        {offer.lastSeenAt ? (
          <span className="muted">{t('product.lastSeen', { date: formatDate(offer.lastSeenAt, tag) })}</span>
        ) : null}
      </div>
      <OfferPrice offer={offer} />
      <a
        className="button primary"
        href={clickOutHref(offer)}
        rel={offer.rel || 'nofollow sponsored noopener'}
        target="_blank"
      >
        {t('product.toShop')}
        <span className="visually-hidden"> {offer.shop.name}</span>
      </a>
    </li>
  );
}
