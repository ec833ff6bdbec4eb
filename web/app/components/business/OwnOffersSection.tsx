import { Link, useLocation } from '@remix-run/react';
import { ownOffersHref, type OwnOfferRow, type OwnOffersTab, type OwnOffersView } from '~/business/own-offers';
import { Pagination } from '~/components/common/Pagination';
import { formatDate, formatNumber, formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';

/**
 * Where a listed offer stands: held as implausibly low (ADR 146), the cheapest, or the product's
 * cheapest price of how many offers.
 */
function Standing({ row }: { row: OwnOfferRow }) {
  const { t, tag } = useSite();
  if (row.heldBeside)
    return (
      <strong className="standing-held">
        {t('business.offers.held', {
          median: formatPrice(row.heldBeside.amountMinor, row.heldBeside.currency, tag),
        })}
      </strong>
    );
  if (!row.cheapestPrice) return <span className="muted">{t('business.offers.noStanding')}</span>;
  const offers = formatNumber(row.offersInCountry, tag);
  if (row.cheapest) return <strong className="standing-cheapest">{t('business.offers.cheapest', { offers })}</strong>;
  return (
    <span>
      {t('business.offers.cheapestIs', {
        price: formatPrice(row.cheapestPrice.amountMinor, row.cheapestPrice.currency, tag),
        offers,
      })}
    </span>
  );
}

/** Why a not-listed offer is not on the site (a staff hiding's reason included). */
function NotListedReason({ row }: { row: OwnOfferRow }) {
  const { t } = useSite();
  if (!row.notListed) return null;
  if (row.notListed === 'hidden' && row.hiddenReason)
    return <span>{t('business.offers.reasons.hiddenBecause', { reason: row.hiddenReason })}</span>;
  return <span>{t(`business.offers.reasons.${row.notListed}`)}</span>;
}

/**
 * "Your offers" on the shop settings page: the shop's listed and not-listed offers in two tabs,
 * each with its price, where a listed one stands in its country and why another is not listed.
 */
export function OwnOffersSection({ offers }: { offers: OwnOffersView | null }) {
  const { t, tag, route } = useSite();
  const { search } = useLocation();
  if (!offers) return <p className="muted">{t('common.unavailable')}</p>;
  const tabs: { tab: OwnOffersTab; count: number }[] = [
    { tab: 'listed', count: offers.listedCount },
    { tab: 'not-listed', count: offers.notListedCount },
  ];
  const listed = offers.tab === 'listed';
  return (
    <>
      <p className="muted">{t('business.offers.intro')}</p>
      <nav className="offer-tabs" aria-label={t('business.offers.tabs')}>
        {tabs.map(({ tab, count }) => (
          <Link
            key={tab}
            to={ownOffersHref(search, tab, 1)}
            aria-current={tab === offers.tab ? 'page' : undefined}
            preventScrollReset
          >
            {t(`business.offers.tab.${tab}`, { count: formatNumber(count, tag) })}
          </Link>
        ))}
      </nav>
      {offers.rows.length === 0 ? (
        <p className="muted">{t(listed ? 'business.offers.noneListed' : 'business.offers.noneNotListed')}</p>
      ) : (
        <table className="business-table own-offers">
          <caption className="visually-hidden">
            {t(`business.offers.tab.${offers.tab}`, {
              count: formatNumber(listed ? offers.listedCount : offers.notListedCount, tag),
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('business.offers.offer')}</th>
              <th scope="col">{t('business.offers.country')}</th>
              <th scope="col">{t('business.offers.price')}</th>
              <th scope="col">{listed ? t('business.offers.standing') : t('business.offers.why')}</th>
              <th scope="col">{t('business.offers.lastSeen')}</th>
            </tr>
          </thead>
          <tbody>
            {offers.rows.map((row) => (
              <tr key={row.id} data-offer={row.id}>
                <td>
                  <a href={row.url} rel="noopener noreferrer">
                    {row.title}
                  </a>
                  {row.productId ? (
                    <>
                      {' · '}
                      <Link to={route('products.show', { product: row.productId })}>
                        {t('business.offers.productPage')}
                      </Link>
                    </>
                  ) : null}
                </td>
                <td>{row.country}</td>
                <td>
                  {formatPrice(row.price.amountMinor, row.price.currency, tag)}
                  {row.shipping ? (
                    <span className="muted">
                      {' '}
                      {row.shipping.amountMinor === 0
                        ? t('business.offers.freeShipping')
                        : t('business.offers.shipping', {
                            price: formatPrice(row.shipping.amountMinor, row.shipping.currency, tag),
                          })}
                    </span>
                  ) : null}
                </td>
                <td>{listed ? <Standing row={row} /> : <NotListedReason row={row} />}</td>
                <td>{row.lastSeenAt ? formatDate(row.lastSeenAt, tag) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={offers.page} pages={offers.pages} hrefFor={(page) => ownOffersHref(search, offers.tab, page)} />
    </>
  );
}
