import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { ProductStatus, type Product } from '@pc/proto/catalog/v1/types';
import { lookUpPrices } from '~/api/endpoints/product-prices.server';
import { productJson } from '~/api/mappers/product.server';
import { COMPARE_DIFF_PARAM, COMPARE_MAX, COMPARE_MIN, COMPARE_PRODUCTS_PARAM } from '~/compare/compare-link';
import { compareRequestOf } from '~/compare/compare-request.server';
import { attributeRows, overviewDiffers } from '~/compare/compare-rows';
import { countryName } from '~/components/lists/country-names';
import { serverT } from '~/i18n/server-t.server';
import { getProduct } from '~/services/catalog.server';
import type { SiteContext } from '~/site/site-context.server';
import { required } from './load.server';
import { featureRows } from './price-views.server';
import { keptProduct } from './product-page-parts.server';
import { apiLocaleOf } from './site-locale.server';

/** A compared product's column head and overview rows. */
export interface ComparedProduct {
  readonly id: string;
  readonly name: string;
  readonly route: string;
  readonly image: string | null;
  readonly brand: { readonly name: string; readonly route: string } | null;
  readonly rating: { readonly value: number; readonly count: number } | null;
  /** The lowest price in the locale's country and its offers there; null: no offer there (or unknown). */
  readonly price: { readonly amount: number; readonly currency: string; readonly offers: number } | null;
}

/** Why the page compares nothing: too few or too many products, or a list that names no products. */
export type CompareProblem = 'too-few' | 'too-many' | 'malformed';

/**
 * A product as the compare page reads it: as the product page keeps it (ADR 093), so products
 * seen on their pages come from memory. A product catalog does not know (or hides) is null; one
 * merged into another is compared as the product it became.
 */
async function comparedProduct(id: string, language: string): Promise<Product | null> {
  const read = (productId: string) => keptProduct(productId, language, () => getProduct(productId, language));
  try {
    const product = await read(id);
    if (product.status === ProductStatus.PRODUCT_STATUS_MERGED && product.mergedIntoProductId)
      return await read(product.mergedIntoProductId);
    return product;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

/**
 * The compare page (ADR 116): the products of `?products=id1,id2,…` side by side, with their
 * lowest prices in the locale's country and their specification rows as their product pages show
 * them. A list the page cannot compare is explained, not an error; products catalog does not know
 * are left out and counted. When catalog cannot answer, the page is the status page (503); when
 * offers cannot, the prices are unknown and the page says so.
 */
export async function comparePage(context: SiteContext, url: URL) {
  const { t } = serverT(context.language);
  const locale = apiLocaleOf(context);
  const request = compareRequestOf(url.searchParams.get(COMPARE_PRODUCTS_PARAM));
  const onlyDifferences = url.searchParams.get(COMPARE_DIFF_PARAM) === '1';
  const asked = request.kind === 'compare' ? request.ids : [];
  const found = await required(Promise.all(asked.map((id) => comparedProduct(id, locale.language))));
  // Two ids of one merged product are one product.
  const known = found.filter(
    (product, i): product is Product => product !== null && found.findIndex((p) => p?.id === product.id) === i,
  );
  const problem: CompareProblem | null =
    request.kind === 'compare' ? (known.length < COMPARE_MIN ? 'too-few' : null) : request.kind;
  const products = problem ? [] : known;
  const prices = await lookUpPrices(
    products.map((p) => p.id),
    locale,
  );
  const views = products.map((product) => productJson(product, prices.of(product.id), locale));
  const names = new Intl.ListFormat(context.tag, { type: 'conjunction' }).format(views.map((view) => view.name));
  const columns = views.map((view): ComparedProduct => ({
    id: view.id,
    name: view.name,
    route: view.route,
    image: view.image,
    brand: view.brand ? { name: view.brand.name, route: view.brand.route } : null,
    rating: view.rating ? { value: view.rating.value, count: view.rating.count } : null,
    price: view.price,
  }));
  return {
    title: columns.length > 0 ? t('compare.titleOf', { names }) : t('compare.title'),
    caption: t(onlyDifferences ? 'compare.captionDifferences' : 'compare.caption', { names }),
    problem,
    products: columns,
    /** Too many: the first ones, which the page offers to compare instead. */
    firstIds: request.kind === 'too-many' ? request.ids.slice(0, COMPARE_MAX) : [],
    /** Products of the link catalog does not know: left out, and the page says how many. */
    unknown: found.filter((product) => product === null).length,
    overview: overviewDiffers(columns),
    // The specification rows of each product page (identifiers, then features), side by side.
    attributes: attributeRows(views.map((view) => featureRows(view, t))),
    onlyDifferences,
    pricesKnown: prices.known,
    noOffers: t('compare.noOffers', { country: countryName({ language: context.language }, locale.country) }),
  };
}

export type ComparePageData = Awaited<ReturnType<typeof comparePage>>;
