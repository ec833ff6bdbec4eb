import { formatDate, formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';

type Money = { amount: number; currency: string } | null;

export interface PriceFactsData {
  readonly lowest30: Money;
  readonly lowest30At: string | null;
  readonly lowestEver: Money;
  readonly lowestEverAt: string | null;
  readonly was: Money;
  readonly reducedAt: string | null;
}

/**
 * Beside the product's price: the cheapest total with shipping, the true "was" price from our
 * history (EU Omnibus rule, ADR 049a), the lowest price of 30 days and the lowest ever, with days.
 */
export function PriceFacts({ facts, cheapestTotal }: { facts: PriceFactsData | null; cheapestTotal: Money }) {
  const { t, tag } = useSite();
  const money = (m: NonNullable<Money>) => formatPrice(m.amount, m.currency, tag);
  const day = (at: string | null) => (at ? formatDate(at, tag) : '');
  if (!facts && !cheapestTotal) return null;
  return (
    <ul className="price-facts muted">
      {cheapestTotal ? <li className="fact-total">{t('product.cheapestTotal', { price: money(cheapestTotal) })}</li> : null}
      {facts?.was ? (
        <li className="fact-was">
          <s>
            <span className="visually-hidden">{t('product.wasPrice')} </span>
            {money(facts.was)}
          </s>{' '}
          {t('product.wasNote', { date: day(facts.reducedAt) })}
        </li>
      ) : null}
      {facts?.lowest30 ? <li className="fact-lowest-30">{t('product.lowest30', { price: money(facts.lowest30), date: day(facts.lowest30At) })}</li> : null}
      {facts?.lowestEver ? <li className="fact-lowest-ever">{t('product.lowestEver', { price: money(facts.lowestEver), date: day(facts.lowestEverAt) })}</li> : null}
    </ul>
  );
}
