import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { parseLocale } from '~/i18n/locales';
import { popularBrands, rootCategories } from '~/services/catalog.server';
import { platformHealth } from '~/services/health.server';

export const meta: MetaFunction = () => [{ title: 'pricecompare — compare prices across Europe' }];

/** Spec §8: a section whose data fails to load is left out, the page still renders. */
const orNull = <T,>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

export async function loader({ params }: LoaderFunctionArgs) {
  const locale = parseLocale(params.locale);
  if (!locale) throw new Response('Not found', { status: 404 });
  const [categories, brands, health] = await Promise.all([
    orNull(rootCategories(locale.language)),
    orNull(popularBrands(locale.language)),
    platformHealth(),
  ]);
  return { categories, brands, health };
}

export default function Home() {
  const { categories, brands, health } = useLoaderData<typeof loader>();
  return (
    <main>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        {categories === null ? (
          <p className="muted">Categories are unavailable right now.</p>
        ) : categories.items.length === 0 ? (
          <p className="muted" data-testid="categories-empty">No categories yet.</p>
        ) : (
          <ul className="grid">
            {categories.items.map((category) => (
              <li key={category.id}>
                {category.name} <span className="muted">({category.productsCount})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading">Brands</h2>
        {brands === null ? (
          <p className="muted">Brands are unavailable right now.</p>
        ) : brands.items.length === 0 ? (
          <p className="muted">No brands yet.</p>
        ) : (
          <ul className="grid">
            {brands.items.map((brand) => (
              <li key={brand.slug}>{brand.name}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="status-heading">
        <h2 id="status-heading">Platform status</h2>
        <ul className="grid" data-testid="platform-status">
          {health.map((service) => (
            <li key={service.name} data-service={service.name} data-serving={service.serving}>
              {service.name}:{' '}
              <span className={service.serving ? 'serving' : 'not-serving'}>{service.serving ? 'serving' : 'down'}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
