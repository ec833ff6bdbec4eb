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
  const { price, shipping, total, wasPrice, originalPrice: list, listPriceCheck: check } = offer;
  if (!price) return null;
  const money = (m: { amount: number; currency: string }) => formatPrice(m.amount, m.currency, tag);
  const main = total ?? price;
  const parts =
    !total || !shipping
      ? t('product.totalUnknown')
      : shipping.amount === 0
        ? t('product.priceFreeShipping', { price: money(price) })
        : t('product.priceAndShipping', { price: money(price), shipping: money(shipping) });
  return (
    <div className="offer-price">
      <Price amount={main.amount} currency={main.currency} className={total ? 'price offer-total' : 'price'} />
      <span className="muted offer-parts">{parts}</span>
      {wasPrice && wasPrice.amount > price.amount ? (
        <span className="offer-was muted">
          <s>
            <span className="visually-hidden">{t('product.wasPrice')} </span>
            {money(wasPrice)}
          </s>{' '}
          {t('product.wasNote', { date: offer.reducedAt ? formatDate(offer.reducedAt, tag) : '' })}
        </span>
      ) : null}
      {list && (check === 'not_seen' || check === 'not_lowest') ? (
        <span className="offer-flag" data-flag={check}>
          {t(check === 'not_seen' ? 'product.listPriceNotSeen' : 'product.listPriceNotLowest', { price: money(list) })}
        </span>
      ) : null}
      {offer.originalDisplayPrice !== null && offer.originalDisplayCurrency ? (
        <span className="muted">
          {t('product.convertedFrom', {
            price: formatPrice(offer.originalDisplayPrice, offer.originalDisplayCurrency, tag),
          })}
        </span>
      ) : null}
    </div>
  );
}
