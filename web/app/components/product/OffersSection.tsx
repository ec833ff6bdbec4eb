import { useRef, useState } from 'react';
import type { OfferJson } from '~/api/mappers/offer.server';
import { latestOnly, offersApiUrl, type OfferFilters } from '~/product/offers-request';
import { visibleOffers } from '~/product/offer-view';
import { useSite } from '~/site/use-site';
import { countryName } from '../lists/country-names';
import { OfferRow } from './OfferRow';

const SORTS = ['cheapest', 'item-price', 'most-expensive', 'shop-name', 'new'] as const;

export interface OffersData {
  readonly items: readonly OfferJson[];
  readonly countries: readonly { value: string; count: number }[];
  readonly filters: OfferFilters;
}

/**
 * The offers of a product (spec §2.7, §4): filter by country and in-stock, sort, the first 10
 * then "Show all". Mounted per product (keyed), so "Show all" resets when the product changes.
 * Without JavaScript the filters are a GET form of the page itself.
 */
export function OffersSection({
  productId,
  initial,
  initialShowAll,
}: {
  productId: string;
  initial: OffersData;
  initialShowAll: boolean;
}) {
  const site = useSite();
  const { t, locale } = site;
  const [filters, setFilters] = useState<OfferFilters>(initial.filters);
  const [offers, setOffers] = useState(initial.items);
  const [countries, setCountries] = useState(initial.countries);
  const [showAll, setShowAll] = useState(initialShowAll);
  const [busy, setBusy] = useState(false);
  const tickets = useRef(latestOnly());

  const change = async (next: OfferFilters) => {
    setFilters(next);
    const ticket = tickets.current.next();
    setBusy(true);
    try {
      const response = await fetch(offersApiUrl(productId, locale.id, next), {
        headers: { Accept: 'application/json' },
      });
      if (!response.ok || !tickets.current.isLatest(ticket)) return;
      const body = (await response.json()) as {
        data: OfferJson[];
        meta: { facets: { country?: { values: { value: string; count: number }[] } } };
      };
      if (!tickets.current.isLatest(ticket)) return;
      setOffers(body.data);
      if (body.meta.facets.country)
        setCountries(body.meta.facets.country.values.map((v) => ({ value: v.value, count: v.count })));
    } finally {
      if (tickets.current.isLatest(ticket)) setBusy(false);
    }
  };

  const { shown, hidden } = visibleOffers(offers, showAll);
  const where = filters.country === '*' ? t('product.allCountries') : countryName(site, filters.country);
  return (
    <section id="pricing" aria-labelledby="offers-heading" className="offers" aria-busy={busy}>
      <h2 id="offers-heading">{t('product.offers')}</h2>
      <form
        method="get"
        action="#pricing"
        className="list-toolbar"
        aria-label={t('product.offersFilters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <label>
          {t('product.country')}
          <select
            name="country"
            value={filters.country}
            onChange={(e) => void change({ ...filters, country: e.target.value })}
          >
            <option value="*">{t('product.allCountries')}</option>
            {[...new Set([filters.country, ...countries.map((c) => c.value)])]
              .filter((c) => c !== '*')
              .map((c) => (
                <option key={c} value={c}>
                  {countryName(site, c)} ({countries.find((x) => x.value === c)?.count ?? 0})
                </option>
              ))}
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="in_stock"
            value="1"
            checked={filters.inStock}
            onChange={(e) => void change({ ...filters, inStock: e.target.checked })}
          />
          {t('product.inStockOnly')}
        </label>
        <label>
          {t('product.sort')}
          <select name="sort" value={filters.sort} onChange={(e) => void change({ ...filters, sort: e.target.value })}>
            {SORTS.map((key) => (
              <option key={key} value={key}>
                {t(`product.sorts.${key}`)}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit">{t('common.apply')}</button>
        </noscript>
      </form>
      {offers.length === 0 ? (
        <p className="no-offers">
          {t('product.noOffers')} {where}
        </p>
      ) : (
        <ul className="offer-list">
          {shown.map((offer) => (
            <OfferRow key={offer.identifier} offer={offer} />
          ))}
        </ul>
      )}
      {hidden > 0 ? (
        <a
          href="?all=1#pricing"
          role="button"
          className="button show-all"
          onClick={(e) => {
            e.preventDefault();
            setShowAll(true);
          }}
        >
          {t('common.showAll')} ({offers.length})
        </a>
      ) : null}
    </section>
  );
}
