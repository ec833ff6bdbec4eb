import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProductListSection } from '~/components/lists/ProductListSection';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { productList } from '~/data/lists.server';
import { optional } from '~/data/load.server';
import { serverT } from '~/i18n/server-t.server';
import { getBrand, getCategory } from '~/services/catalog.server';
import { getShop } from '~/services/offers.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import { cacheTags, CATEGORY_NAMES_TAG, listingTags, PRICES_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';

/**
 * {locale}/products?brand=…|category=…|shop=…: products filtered by one of them (the see-all
 * links of the product page's rows, spec §2.7), with sort and pages.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  const url = new URL(request.url);
  const filter = {
    brand: url.searchParams.get('brand'),
    category: url.searchParams.get('category'),
    shop: url.searchParams.get('shop'),
  };
  const [list, brand, category, shop] = await Promise.all([
    productList(context, { ...filter, page: url.searchParams.get('page'), sort: url.searchParams.get('sort') }),
    filter.brand ? optional(getBrand(filter.brand, context.language)) : null,
    filter.category ? optional(getCategory(filter.category, context.language)) : null,
    filter.shop ? optional(getShop(filter.shop)) : null,
  ]);
  const { t } = serverT(context.language);
  const title = brand
    ? t('lists.productsOf', { name: brand.name })
    : category
      ? t('lists.productsIn', { name: category.name })
      : shop
        ? t('lists.productsAt', { name: shop.name })
        : t('lists.allProducts');
  // Rendered again in the micro-cache when search lists one of its products differently (ADR 084).
  return withHeaders(
    { title, products: { hits: list.data, meta: list.meta } },
    // A category's name in the title: rendered again when a category changes (ADR 131).
    { headers: cacheTags(...(filter.category ? [CATEGORY_NAMES_TAG] : []), ...listingTags(list.data)) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title ?? 'Products');

export default function ProductsList() {
  const { title, products } = useLoaderData<typeof loader>();
  const { t } = useSite();
  return (
    <main id="main">
      <h1>{title}</h1>
      <ProductListSection id="products" title={t('lists.products')} list={products} />
    </main>
  );
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, ['brand', 'category', 'shop', 'page', 'sort']);

export const ErrorBoundary = RouteErrorBoundary;
