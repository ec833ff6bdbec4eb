import { formatNumber, formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { countryName } from '../lists/country-names';

export interface AbroadRow {
  readonly country: string;
  readonly price: { amount: number; currency: string } | null;
  readonly own: { amount: number; currency: string } | null;
  readonly percent: number;
  readonly shop: string | null;
}

/** The lowest price in each other country, converted into the visitor's currency (spec §2.7). */
export function PricesAbroad({ rows }: { rows: readonly AbroadRow[] }) {
  const site = useSite();
  const { t, tag } = site;
  return (
    <section aria-labelledby="abroad-heading">
      <h2 id="abroad-heading">{t('product.abroad')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('product.abroadEmpty')}</p>
      ) : (
        <div className="table-scroll" tabIndex={0}>
          <table className="abroad">
            <tbody>
              {rows.map((row) => (
                <tr key={row.country}>
                  <th scope="row">{countryName(site, row.country)}</th>
                  <td>{row.price ? <strong>{formatPrice(row.price.amount, row.price.currency, tag)}</strong> : '–'}</td>
                  <td className="muted">{row.own && row.price && row.own.currency !== row.price.currency ? formatPrice(row.own.amount, row.own.currency, tag) : ''}</td>
                  <td className="muted">
                    {row.percent < 0
                      ? t('product.abroadCheaper', { percent: `${formatNumber(-row.percent, tag, 0)} %` })
                      : row.percent > 0
                        ? t('product.abroadDearer', { percent: `${formatNumber(row.percent, tag, 0)} %` })
                        : ''}
                  </td>
                  <td className="muted">{row.shop ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
