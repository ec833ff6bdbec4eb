import { formatNumber } from '~/i18n/format';
import type { ShopClickStats } from '~/data/click-stats.server';
import { useSite } from '~/site/use-site';
import { ClickDayChart } from './ClickDayChart';

/**
 * One shop's click statistics for its owner (issue 41, spec §3 Shop): today and this month as
 * numbers, a bar per local day over the range, the month's most clicked products and its
 * countries. Takes what `ownerClickStats` (data/click-stats.server.ts) loads; shop settings
 * place it, beside the link to the shop's full click report (ADR 135).
 *
 *   const [stats] = await ownerClickStats(user.id, [shopId], { language: site.language, days: 30 });
 *   <ClickStatsPanel stats={stats} />
 */
export function ClickStatsPanel({ stats }: { stats: ShopClickStats }) {
  const { t, tag } = useSite();
  const countryName = new Intl.DisplayNames([tag], { type: 'region' });
  return (
    <section className="click-stats" data-shop={stats.shopId} aria-label={t('clicks.title')}>
      <dl className="click-numbers">
        <div>
          <dt>{t('clicks.today')}</dt>
          <dd data-clicks="today">{formatNumber(stats.clicksToday, tag)}</dd>
        </div>
        <div>
          <dt>{t('clicks.thisMonth')}</dt>
          <dd data-clicks="month">{formatNumber(stats.clicksThisMonth, tag)}</dd>
        </div>
      </dl>
      <h3>{t('clicks.perDay')}</h3>
      <ClickDayChart daily={stats.daily} />
      <h3>{t('clicks.topProducts')}</h3>
      {stats.topProducts.length === 0 ? (
        <p className="muted">{t('clicks.none')}</p>
      ) : (
        <ol className="click-products">
          {stats.topProducts.map((row) => (
            <li key={row.productId} data-product={row.productId}>
              {stats.productNames[row.productId] ?? row.productId}{' '}
              <span className="number">{formatNumber(row.clicks, tag)}</span>
            </li>
          ))}
        </ol>
      )}
      <h3>{t('clicks.countries')}</h3>
      {stats.countries.length === 0 ? (
        <p className="muted">{t('clicks.none')}</p>
      ) : (
        <ul className="click-countries">
          {stats.countries.map((row) => (
            <li key={row.country || '-'} data-country={row.country}>
              {row.country ? countryName.of(row.country) : '–'}{' '}
              <span className="number">{formatNumber(row.clicks, tag)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
