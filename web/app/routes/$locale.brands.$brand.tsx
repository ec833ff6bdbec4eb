import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Breadcrumbs } from '~/components/layout/Breadcrumbs';
import { FilteredProducts } from '~/components/lists/FilteredProducts';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { brandPage } from '~/data/entity-pages.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import { LIST_FILTER_READS } from '~/search/spec-ranges';
import { cacheTags, CATEGORY_NAMES_TAG, listingTags, PRICES_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await brandPage(siteContext(request, params.locale), params.brand ?? '', new URL(request.url));
  // Rendered again in the micro-cache when search lists one of its products differently (ADR 084),
  // or a category its filters name changes (ADR 131).
  return withHeaders(page, { headers: cacheTags(CATEGORY_NAMES_TAG, ...listingTags(page.products.hits)) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.brand.name ?? 'Brand', data?.brand.description || undefined);

/**
 * {locale}/brands/{slug}: the brand and its products (spec §2.2), filtered by category,
 * specifications and stock (`refinements[category]=id`, as on a category page; ADR 122), the
 * chosen filters kept when sorting and paging.
 */
export default function BrandPage() {
  const { brand, products, filters } = useLoaderData<typeof loader>();
  const { t, route } = useSite();
  return (
    <main id="main">
      <Breadcrumbs
        trail={[
          { name: t('nav.brands'), href: route('brands') },
          { name: brand.name, href: brand.route },
        ]}
      />
      <header className="entity-header">
        {brand.logo ? <img src={brand.logo} alt="" width={64} height={64} /> : null}
        <div>
          <h1>{brand.name}</h1>
          {brand.description ? <p>{brand.description}</p> : null}
          {brand.homepage ? (
            <a href={brand.homepage} rel="noopener nofollow">
              {brand.homepage.replace(/^https?:\/\//, '')}
            </a>
          ) : null}
        </div>
      </header>
      <FilteredProducts
        id="brand-products"
        title={t('lists.productsOf', { name: brand.name })}
        list={products}
        filters={filters}
      />
    </main>
  );
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, ['page', 'sort', ...LIST_FILTER_READS]);

export const ErrorBoundary = RouteErrorBoundary;
