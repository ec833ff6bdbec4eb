import type { OfferJson } from '~/api/mappers/offer.server';
import { formatDate, formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { Price } from '../common/Price';

/**
 * What an offer costs (ADR 049, 049a): the total (price + shipping) as the main figure with the
 * parts beside it, or the price with "shipping not stated"; the true "was" price from our
 * history, and a flag when the shop's list price is not what we saw it charge.
 */
export function OfferPrice({ offer }: { offer: OfferJson }) {
  const { t, tag } = useSite();
  const { price, shipping, total } = offer;
  if (!price) return null;
  const money = (m: { amount: number; currency: string }) => formatPrice(m.amount, m.currency, tag);
  const list = offer.originalPrice;
  return (
    <div className="offer-price">
      {total ? (
        <>
          <Price amount={total.amount} currency={total.currency} className="price offer-total" />
          <span className="muted offer-parts">
            {shipping && shipping.amount === 0 ? t('product.priceFreeShipping', { price: money(price) }) : t('product.priceAndShipping', { price: money(price), shipping: shipping ? money(shipping) : '' })}
          </span>
        </>
      ) : (
        <>
          <Price amount={price.amount} currency={price.currency} className="price" />
          <span className="muted offer-parts">{t('product.totalUnknown')}</span>
        </>
      )}
      {offer.wasPrice && offer.wasPrice.amount > price.amount ? (
        <span className="offer-was muted">
          <s>
            <span className="visually-hidden">{t('product.wasPrice')} </span>
            {money(offer.wasPrice)}
          </s>{' '}
          {offer.reducedAt ? t('product.wasNote', { date: formatDate(offer.reducedAt, tag) }) : null}
        </span>
      ) : null}
      {list && (offer.listPriceCheck === 'not_seen' || offer.listPriceCheck === 'not_lowest') ? (
        <span className="offer-flag" data-flag={offer.listPriceCheck}>
          {t(offer.listPriceCheck === 'not_seen' ? 'product.listPriceNotSeen' : 'product.listPriceNotLowest', { price: money(list) })}
        </span>
      ) : null}
      {offer.originalDisplayPrice !== null && offer.originalDisplayCurrency ? (
        <span className="muted">{t('product.convertedFrom', { price: formatPrice(offer.originalDisplayPrice, offer.originalDisplayCurrency, tag) })}</span>
      ) : null}
    </div>
  );
}
