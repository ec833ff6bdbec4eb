import { AccountSection } from '~/components/account/AccountLayout';
import type { PriceStanding } from '~/data/price-standing.server';
import { formatDate, formatNumber, formatPrice, formatUtcTime } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { priceStandingCsvPath, priceStandingPath } from './price-standing-paths';

/** "10:42" in UTC, 24 hours, as the server and the browser both print it. */
/**
 * A shop's price standing in one country (ADR 144): how many of its products it is the cheapest
 * of, within 5 % of the cheapest, more than 5 % above; then the products another shop is cheaper
 * at, the biggest gap first, with that shop's name, paged, and the CSV of them all.
 */
export function PriceStandingReport({
  shopId,
  standing,
  firstPage,
}: {
  shopId: string;
  standing: PriceStanding;
  firstPage: boolean;
}) {
  const { t, tag, route } = useSite();
  const number = (value: number) => formatNumber(value, tag);
  const price = (minor: number) => formatPrice(minor, standing.currency, tag);
  const { counts } = standing;
  if (counts.cheapest + counts.within + counts.above + counts.notCompared + counts.held === 0)
    return <p className="muted price-standing-empty">{t('priceStanding.empty')}</p>;
  return (
    <>
      <dl className="click-numbers price-standing-counts">
        <div>
          <dt>{t('priceStanding.cheapest')}</dt>
          <dd data-standing="cheapest">{number(counts.cheapest)}</dd>
        </div>
        <div>
          <dt>{t('priceStanding.within')}</dt>
          <dd data-standing="within">{number(counts.within)}</dd>
        </div>
        <div>
          <dt>{t('priceStanding.above')}</dt>
          <dd data-standing="above">{number(counts.above)}</dd>
        </div>
      </dl>
      <p className="muted price-standing-computed">
        {t('priceStanding.computedAt', {
          date: formatDate(standing.computedAt, tag),
          time: formatUtcTime(standing.computedAt, tag),
        })}
      </p>
      {counts.notCompared > 0 ? (
        <p className="muted">{t('priceStanding.notCompared', { count: number(counts.notCompared) })}</p>
      ) : null}
      {counts.held > 0 ? (
        <p className="notice price-standing-held">{t('priceStanding.held', { count: number(counts.held) })}</p>
      ) : null}
      <AccountSection id="products" title={t('priceStanding.products')}>
        {standing.totalProducts === 0 ? (
          <p className="muted">{t('priceStanding.allCheapest')}</p>
        ) : (
          <>
            <p className="muted">{t('priceStanding.productsNote', { count: number(standing.totalProducts) })}</p>
            <p>
              <a href={priceStandingCsvPath(shopId, standing.country)} download className="button">
                {t('priceStanding.download')}
              </a>
            </p>
            <table className="business-table price-standing-products">
              <thead>
                <tr>
                  <th scope="col">{t('priceStanding.product')}</th>
                  <th scope="col" className="number">
                    {t('priceStanding.yourPrice')}
                  </th>
                  <th scope="col" className="number">
                    {t('priceStanding.lowestPrice')}
                  </th>
                  <th scope="col">{t('priceStanding.cheapestShop')}</th>
                  <th scope="col" className="number">
                    {t('priceStanding.gap')}
                  </th>
                  <th scope="col" className="number">
                    {t('priceStanding.shops')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {standing.products.map((row) => (
                  <tr key={row.productId} data-product={row.productId}>
                    <td>
                      <a href={route('products.show', { product: row.productId })}>{row.name ?? row.productId}</a>
                    </td>
                    <td className="number">
                      {price(row.priceMinor)}
                      {row.shippingStated ? null : <small className="muted"> ({t('priceStanding.itemPrice')})</small>}
                    </td>
                    <td className="number">{price(row.lowestMinor)}</td>
                    <td>
                      <a href={route('shops.show', { shop: row.cheapestShopId })}>{row.cheapestShopName}</a>
                    </td>
                    <td className="number">
                      {price(row.gapMinor)} ({formatNumber(row.gapPercent, tag, 1)} %)
                    </td>
                    <td className="number">{number(row.shopsCount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="pager">
              {firstPage ? null : (
                <a href={priceStandingPath(shopId, { country: standing.country })}>{t('priceStanding.first')}</a>
              )}{' '}
              {standing.nextPageToken ? (
                <a
                  rel="next"
                  href={priceStandingPath(shopId, { country: standing.country, page: standing.nextPageToken })}
                >
                  {t('priceStanding.next')}
                </a>
              ) : null}
            </p>
          </>
        )}
      </AccountSection>
    </>
  );
}
