import { AccountSection } from '~/components/account/AccountLayout';
import type { DayClicks, MonthClicks } from '~/data/click-report.server';
import { formatDate, formatNumber } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { ClickDayChart } from './ClickDayChart';
import { clickReportCsvPath } from './click-report-paths';
import { monthName } from './month-name';

/**
 * A shop's click report (ADR 135): the totals of the month and of the chart's days, the chart of
 * the last `days` days, the month's products (by name, linked to their pages), countries and
 * days as tables, and the month's CSV. Numbers and dates in the page's format.
 */
export function ClickReport({
  shopId,
  report,
  recent,
  days,
}: {
  shopId: string;
  report: MonthClicks;
  recent: { daily: readonly DayClicks[]; total: number };
  days: number;
}) {
  const { t, tag, route } = useSite();
  const month = monthName(report.month, tag);
  const countryName = new Intl.DisplayNames([tag], { type: 'region' });
  const number = (value: number) => formatNumber(value, tag);
  const daysText = number(days);
  return (
    <>
      <dl className="click-numbers">
        <div>
          <dt>{t('clickReport.monthTotal', { month })}</dt>
          <dd data-clicks="month">{number(report.total)}</dd>
        </div>
        <div>
          <dt>{t('clickReport.chartTotal', { days: daysText })}</dt>
          <dd data-clicks="chart">{number(recent.total)}</dd>
        </div>
      </dl>
      <p>
        <a href={clickReportCsvPath(shopId, report.month)} download className="button">
          {t('clickReport.download', { month })}
        </a>{' '}
        <span className="muted">{t('clickReport.downloadNote')}</span>
      </p>
      <AccountSection id="chart" title={t('clickReport.perDay', { days: daysText })}>
        <ClickDayChart daily={recent.daily} />
      </AccountSection>
      <AccountSection id="products" title={t('clickReport.products', { month })}>
        {report.products.length === 0 ? (
          <p className="muted">{t('clickReport.noClicks')}</p>
        ) : (
          <>
            <p className="muted">
              {report.productCount > report.products.length
                ? t('clickReport.productsNote', { count: number(report.productCount) })
                : t('clickReport.productsNoteAll')}
            </p>
            <table className="business-table click-report-products">
              <thead>
                <tr>
                  <th scope="col" className="number">
                    {t('clickReport.rank')}
                  </th>
                  <th scope="col">{t('clickReport.product')}</th>
                  <th scope="col" className="number">
                    {t('clickReport.clicks')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.products.map((row, index) => (
                  <tr key={row.productId} data-product={row.productId}>
                    <td className="number">{number(index + 1)}</td>
                    <td>
                      {row.name ? (
                        <a href={route('products.show', { product: row.productId })}>{row.name}</a>
                      ) : (
                        row.productId
                      )}
                    </td>
                    <td className="number">{number(row.clicks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </AccountSection>
      <AccountSection id="countries" title={t('clickReport.countries', { month })}>
        {report.countries.length === 0 ? (
          <p className="muted">{t('clickReport.noClicks')}</p>
        ) : (
          <table className="business-table click-report-countries">
            <thead>
              <tr>
                <th scope="col">{t('clickReport.country')}</th>
                <th scope="col" className="number">
                  {t('clickReport.clicks')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.countries.map((row) => (
                <tr key={row.country || '-'} data-country={row.country}>
                  <td>{row.country ? countryName.of(row.country) : t('clickReport.unknownCountry')}</td>
                  <td className="number">{number(row.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AccountSection>
      <AccountSection id="days" title={t('clickReport.days', { month })}>
        <table className="business-table click-report-days">
          <thead>
            <tr>
              <th scope="col">{t('clickReport.day')}</th>
              <th scope="col" className="number">
                {t('clickReport.clicks')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.daily.map((row) => (
              <tr key={row.day} data-day={row.day}>
                <td>{formatDate(`${row.day}T00:00:00Z`, tag)}</td>
                <td className="number">{number(row.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AccountSection>
    </>
  );
}
