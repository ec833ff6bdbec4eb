import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Breadcrumbs } from '~/components/layout/Breadcrumbs';
import { FilteredProducts } from '~/components/lists/FilteredProducts';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { categoryPage } from '~/data/entity-pages.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';
import { LIST_FILTER_READS } from '~/search/spec-ranges';
import { cacheTags, CATEGORY_NAMES_TAG, listingTags, PRICES_SHARED_SECONDS, sharedCache } from '~/site/cache-headers';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await categoryPage(siteContext(request, params.locale), params.category ?? '', new URL(request.url));
  // Rendered again in the micro-cache when search lists one of its products differently (ADR 084),
  // or a category its trail, subcategories or filters name changes (ADR 131).
  return withHeaders(page, { headers: cacheTags(CATEGORY_NAMES_TAG, ...listingTags(page.products.hits)) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data?.category.meta?.title || data?.category.name || 'Category',
    data?.category.meta?.description || data?.category.description || undefined,
  );

/**
 * {locale}/categories/{id}: the category's trail, its subcategories and its products (spec §2.2),
 * filtered by specifications, brands and stock (`refinements[spec:weight]=1.2 kg`, as on the
 * search page), the chosen filters kept when sorting and paging.
 */
export default function CategoryPage() {
  const { category, products, filters } = useLoaderData<typeof loader>();
  const { t, route } = useSite();
  const trail = [
    { name: t('nav.categories'), href: route('categories') },
    ...category.breadcrumbs.map((c) => ({ name: c.name, href: c.route })),
    { name: category.name, href: category.route },
  ];
  return (
    <main id="main">
      <Breadcrumbs trail={trail} />
      <h1>{category.name}</h1>
      {category.description ? <p>{category.description}</p> : null}
      {category.children.length > 0 ? (
        <nav aria-labelledby="subcategories-heading">
          <h2 id="subcategories-heading">{t('lists.subcategories')}</h2>
          <ul className="chips">
            {category.children.map((child) => (
              <li key={child.id}>
                <Link to={child.route}>{child.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <FilteredProducts
        id="category-products"
        title={t('lists.productsIn', { name: category.name })}
        list={products}
        filters={filters}
      />
    </main>
  );
}

export const headers = sharedCache(PRICES_SHARED_SECONDS, ['page', 'sort', ...LIST_FILTER_READS]);

export const ErrorBoundary = RouteErrorBoundary;
