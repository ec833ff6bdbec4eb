import { formatNumber, formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';

interface Money {
  readonly amount: number;
  readonly currency: string;
}

export interface EcoTipTotalsData {
  readonly currency: string;
  readonly donated: Money | null;
  readonly pending: Money | null;
  readonly purchases: number;
  readonly rows: readonly {
    month: string;
    country: string;
    donated: Money | null;
    pending: Money | null;
    purchases: number;
  }[];
  readonly ledgerCsv: string;
}

const amount = (money: Money | null, tag: string) => (money ? formatPrice(money.amount, money.currency, tag) : '–');

/** The EcoTip totals (spec §1, §9): overall, then per month and country, with the ledger to check them against. */
export function EcoTipTotals({ totals }: { totals: EcoTipTotalsData | null }) {
  const { t, tag } = useSite();
  if (!totals) return <p className="notice">{t('ecotip.unavailable')}</p>;
  const monthName = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const countryName = new Intl.DisplayNames([tag], { type: 'region' });
  return (
    <section className="ecotip-totals" aria-labelledby="ecotip-totals-title">
      <h2 id="ecotip-totals-title">{t('ecotip.totalsTitle')}</h2>
      <p>
        {t('ecotip.note')} {totals.currency !== 'CHF' ? t('ecotip.converted', { currency: totals.currency }) : null}
      </p>
      <dl className="ecotip-summary">
        <div>
          <dt>{t('ecotip.donated')}</dt>
          <dd data-total="donated">{amount(totals.donated, tag)}</dd>
        </div>
        <div>
          <dt>{t('ecotip.pending')}</dt>
          <dd data-total="pending">{amount(totals.pending, tag)}</dd>
        </div>
        <div>
          <dt>{t('ecotip.purchases')}</dt>
          <dd data-total="purchases">{formatNumber(totals.purchases, tag)}</dd>
        </div>
      </dl>
      {totals.rows.length === 0 ? (
        <p className="notice">{t('ecotip.none')}</p>
      ) : (
        <table className="ecotip-table">
          <thead>
            <tr>
              <th scope="col">{t('ecotip.month')}</th>
              <th scope="col">{t('ecotip.country')}</th>
              <th scope="col">{t('ecotip.donated')}</th>
              <th scope="col">{t('ecotip.pending')}</th>
              <th scope="col">{t('ecotip.purchases')}</th>
            </tr>
          </thead>
          <tbody>
            {totals.rows.map((row) => (
              <tr key={`${row.month}|${row.country}`} data-month={row.month} data-country={row.country}>
                <td>{monthName.format(new Date(`${row.month}-01T00:00:00Z`))}</td>
                <td>{row.country ? countryName.of(row.country) : '–'}</td>
                <td>{amount(row.donated, tag)}</td>
                <td>{amount(row.pending, tag)}</td>
                <td>{formatNumber(row.purchases, tag)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">{t('ecotip.pendingNote')}</p>
      <p>
        <a href={totals.ledgerCsv} download>
          {t('ecotip.export')}
        </a>
      </p>
    </section>
  );
}
