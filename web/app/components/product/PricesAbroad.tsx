import type { LandedJson } from '~/api/mappers/landed.server';
import { formatNumber, formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { countryName } from '../lists/country-names';

export interface AbroadRow {
  readonly country: string;
  readonly price: { amount: number; currency: string } | null;
  readonly own: { amount: number; currency: string } | null;
  readonly percent: number;
  readonly shop: string | null;
  readonly landed: LandedJson | null;
}

/**
 * The lowest price in each other country (spec §2.7), with the estimate of what it costs
 * delivered to the visitor's country (ADR 049b) as the main figure: its parts and assumptions in
 * a details element, one click away and without JavaScript.
 */
export function PricesAbroad({ rows, home }: { rows: readonly AbroadRow[]; home: string }) {
  const site = useSite();
  const { t, tag } = site;
  const percent = (value: number) =>
    value < 0 ? t('product.abroadCheaper', { percent: `${formatNumber(-value, tag, 0)} %` }) : value > 0 ? t('product.abroadDearer', { percent: `${formatNumber(value, tag, 0)} %` }) : '';
  const sorted = [...rows].sort((a, b) => (a.landed?.total?.amount ?? Number.MAX_SAFE_INTEGER) - (b.landed?.total?.amount ?? Number.MAX_SAFE_INTEGER));
  return (
    <section aria-labelledby="abroad-heading" className="abroad-section">
      <h2 id="abroad-heading">{t('product.abroad')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('product.abroadEmpty')}</p>
      ) : (
        <ul className="abroad">
          {sorted.map((row) => (
            <li key={row.country} data-country={row.country}>
              <div className="abroad-head">
                <strong className="abroad-country">{countryName(site, row.country)}</strong>
                {row.landed?.total ? (
                  <span className="abroad-landed">
                    {t('product.landedAbout', { price: formatPrice(row.landed.total.amount, row.landed.total.currency, tag) })}
                    <span className="muted"> {percent(row.landed.percent)}</span>
                  </span>
                ) : null}
                <span className="muted">
                  {row.price ? t('product.abroadShopPrice', { price: formatPrice(row.price.amount, row.price.currency, tag) }) : '–'}
                  {row.own && row.price && row.own.currency !== row.price.currency ? ` (${formatPrice(row.own.amount, row.own.currency, tag)})` : ''}
                  {row.landed ? '' : ` ${percent(row.percent)}`}
                </span>
                <span className="muted">{row.landed?.shop ?? row.shop ?? ''}</span>
              </div>
              {row.landed ? <LandedDetails landed={row.landed} origin={row.country} home={home} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LandedDetails({ landed, origin, home }: { landed: LandedJson; origin: string; home: string }) {
  const site = useSite();
  const { t, tag } = site;
  const money = (m: { amount: number; currency: string } | null) => (m ? formatPrice(m.amount, m.currency, tag) : '–');
  const from = countryName(site, origin);
  const to = countryName(site, home);
  const parts: [string, string][] = [
    [t('product.landedGoods', { country: from }), money(landed.goods)],
    [landed.shipping ? t('product.landedShipping', { country: from }) : t('product.landedShippingUnknown'), landed.shipping ? money(landed.shipping) : '–'],
    [t('product.landedDuty', { percent: landed.dutyPercent ? `${formatNumber(landed.dutyPercent, tag, 0)} %` : '' }), money(landed.duty)],
    [t('product.landedVat', { country: to, percent: `${formatNumber(landed.vatPercent, tag, 1)} %` }), money(landed.vat)],
    [t('product.landedFee'), money(landed.clearanceFee)],
  ];
  return (
    <details className="landed-details">
      <summary>{t('product.landedHow')}</summary>
      <dl>
        {parts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="landed-total">
          <dt>{t('product.landedTotal')}</dt>
          <dd>{money(landed.total)}</dd>
        </div>
      </dl>
      <ul className="landed-rules">
        {landed.rules.map((rule) => (
          <li key={rule}>{t(`product.landedRules.${rule}`, { origin: from, home: to })}</li>
        ))}
      </ul>
    </details>
  );
}
