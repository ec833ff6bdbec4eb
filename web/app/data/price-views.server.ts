import type { TFunction } from 'i18next';
import type { LandedJson } from '~/api/mappers/landed.server';
import type { MoneyJson } from '~/api/mappers/money.server';
import type { ShopRatingRefJson } from '~/api/mappers/shop-review.server';
import { countryName } from '~/components/lists/country-names';
import { formatDate, formatNumber, formatPrice } from '~/i18n/format';
import { countForm } from '~/i18n/plural';
import type { SiteContext } from '~/site/site-context.server';

/**
 * The product page's static price texts, written on the server in the page's language: prices
 * abroad with their landed estimates (ADR 049b) and the product's price facts (ADR 049a). Nothing
 * in them changes in the browser, so the page sends them as text and no code to write them.
 */
export interface AbroadRowView {
  readonly country: string;
  readonly name: string;
  /** "about CHF 267.81 delivered to you" and its difference to home, when estimated. */
  readonly landed: string | null;
  readonly landedDifference: string;
  /** The shop's price converted (and in its own currency), and its difference when not estimated. */
  readonly shopPrice: string;
  readonly shop: string;
  /** The stars of that shop, as its offer rows show them (ADR 119); null while it has no review. */
  readonly rating: ShopRatingRefJson | null;
  readonly details: {
    readonly summary: string;
    readonly parts: readonly (readonly [string, string])[];
    readonly total: readonly [string, string];
    readonly rules: readonly string[];
  } | null;
}

export interface AbroadRowData {
  readonly country: string;
  readonly price: MoneyJson | null;
  readonly own: MoneyJson | null;
  readonly percent: number;
  readonly shop: string | null;
  /** The rating of the shop the row names (the landed estimate's, else the cheapest). */
  readonly rating: ShopRatingRefJson | null;
  readonly landed: LandedJson | null;
}

export function abroadViews(
  rows: readonly AbroadRowData[],
  home: string,
  context: SiteContext,
  t: TFunction,
): AbroadRowView[] {
  const { tag, language } = context;
  const money = (m: MoneyJson | null) => (m ? formatPrice(m.amount, m.currency, tag) : '–');
  const percent = (value: number) =>
    value < 0
      ? t('product.abroadCheaper', { percent: `${formatNumber(-value, tag, 0)} %` })
      : value > 0
        ? t('product.abroadDearer', { percent: `${formatNumber(value, tag, 0)} %` })
        : '';
  const to = countryName({ language }, home);
  const byLanded = [...rows].sort(
    (a, b) =>
      (a.landed?.total?.amount ?? Number.MAX_SAFE_INTEGER) - (b.landed?.total?.amount ?? Number.MAX_SAFE_INTEGER),
  );
  return byLanded.map((row) => {
    const from = countryName({ language }, row.country);
    const landed = row.landed;
    const own = row.own && row.price && row.own.currency !== row.price.currency ? ` (${money(row.own)})` : '';
    return {
      country: row.country,
      name: from,
      landed: landed?.total ? t('product.landedAbout', { price: money(landed.total) }) : null,
      landedDifference: landed ? percent(landed.percent) : '',
      shopPrice: `${row.price ? t('product.abroadShopPrice', { price: money(row.price) }) : '–'}${own}${landed ? '' : ` ${percent(row.percent)}`}`,
      shop: landed?.shop ?? row.shop ?? '',
      rating: row.rating,
      details: landed
        ? {
            summary: t('product.landedHow'),
            parts: [
              [t('product.landedGoods', { country: from }), money(landed.goods)],
              [
                landed.shipping ? t('product.landedShipping', { country: from }) : t('product.landedShippingUnknown'),
                landed.shipping ? money(landed.shipping) : '–',
              ],
              [
                t('product.landedDuty', {
                  percent: landed.dutyPercent ? `${formatNumber(landed.dutyPercent, tag, 0)} %` : '',
                }),
                money(landed.duty),
              ],
              [
                t('product.landedVat', { country: to, percent: `${formatNumber(landed.vatPercent, tag, 1)} %` }),
                money(landed.vat),
              ],
              [t('product.landedFee'), money(landed.clearanceFee)],
            ],
            total: [t('product.landedTotal'), money(landed.total)],
            rules: landed.rules.map((rule) => t(`product.landedRules.${rule}`, { origin: from, home: to })),
          }
        : null,
    };
  });
}

export interface PriceFactsData {
  readonly lowest30: MoneyJson | null;
  readonly lowest30At: string | null;
  readonly lowestEver: MoneyJson | null;
  readonly lowestEverAt: string | null;
  readonly was: MoneyJson | null;
  readonly reducedAt: string | null;
}

/** One line beside the product's price: its class, its text, and a struck-through price before it. */
export interface PriceFactView {
  readonly kind: 'total' | 'was' | 'lowest-30' | 'lowest-ever';
  readonly struck: string | null;
  readonly text: string;
}

export function priceFactViews(
  facts: PriceFactsData | null,
  cheapestTotal: MoneyJson | null,
  context: SiteContext,
  t: TFunction,
): PriceFactView[] {
  const { tag } = context;
  const money = (m: MoneyJson) => formatPrice(m.amount, m.currency, tag);
  const day = (at: string | null) => (at ? formatDate(at, tag) : '');
  const views: PriceFactView[] = [];
  if (cheapestTotal)
    views.push({ kind: 'total', struck: null, text: t('product.cheapestTotal', { price: money(cheapestTotal) }) });
  if (facts?.was)
    views.push({ kind: 'was', struck: money(facts.was), text: t('product.wasNote', { date: day(facts.reducedAt) }) });
  if (facts?.lowest30)
    views.push({
      kind: 'lowest-30',
      struck: null,
      text: t('product.lowest30', { price: money(facts.lowest30), date: day(facts.lowest30At) }),
    });
  if (facts?.lowestEver)
    views.push({
      kind: 'lowest-ever',
      struck: null,
      text: t('product.lowestEver', { price: money(facts.lowestEver), date: day(facts.lowestEverAt) }),
    });
  return views;
}

/** The trend's key and its detail line ("−CHF 13.33 compared with the 30-day average of …"). */
export function trendView(
  trend: string | null,
  change: MoneyJson | null,
  reference: MoneyJson | null,
  context: SiteContext,
  t: TFunction,
): { trend: string | null; detail: string } {
  const { tag } = context;
  const detail =
    trend && change && reference
      ? t('product.trendDetail', {
          change: `${change.amount > 0 ? '+' : ''}${formatPrice(change.amount, change.currency, tag)}`,
          reference: formatPrice(reference.amount, reference.currency, tag),
        })
      : '';
  return { trend, detail };
}

/** The specification table: identifiers, then the features (names already in the page's language). */
export function featureRows(
  product: {
    gtin: string | null;
    mpn: string | null;
    manufacturer: string | null;
    features: readonly { name: string; value: string }[];
  },
  t: TFunction,
): [string, string][] {
  return [
    ...(product.gtin ? [[t('product.gtin'), product.gtin] as [string, string]] : []),
    ...(product.mpn ? [[t('product.mpn'), product.mpn] as [string, string]] : []),
    ...(product.manufacturer ? [[t('product.manufacturer'), product.manufacturer] as [string, string]] : []),
    ...product.features.map((f): [string, string] => [f.name, f.value]),
  ];
}

/** The summary bar's links (spec §2.7): [href, label, value]; eco and health have no values yet. */
export function summaryItems(
  price: MoneyJson | null,
  reviews: number,
  context: SiteContext,
  t: TFunction,
): [string, string, string][] {
  const empty = t('product.emptyValue');
  const reviewCount = t(`counts.reviews.${countForm(reviews, context.language)}`, {
    count: reviews,
    n: formatNumber(reviews, context.tag),
  });
  return [
    ['#pricing', t('product.pricing'), price ? formatPrice(price.amount, price.currency, context.tag) : empty],
    ['#reviews', t('product.reviews'), reviewCount],
    ['#eco', t('product.eco'), empty],
    ['#health', t('product.health'), empty],
  ];
}
