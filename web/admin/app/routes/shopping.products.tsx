import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { DataTable } from '../components/DataTable';
import { FieldError } from '../components/staff-form';
import { pickLanguage } from '../i18n/language.server';
import { useT } from '../i18n/use-t';
import { panelPath } from '../panels/panels';
import { flattenTree } from '../panels/shopping/category-options';
import { textLanguageOf } from '../panels/shopping/product-writes.server';
import { isTextLanguage } from '../panels/shopping/text-languages';
import { categoryTree } from '../services/categories.server';
import { PRODUCT_SORTS, productTable, type ProductFilterProblem, type ProductRow } from '../services/catalog.server';
import type { Translate } from '../i18n/languages';
import { readTableQuery } from '../tables/table-query';

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const url = new URL(request.url);
  const query = readTableQuery(url, { sorts: PRODUCT_SORTS, defaultSort: 'created', defaultDir: 'desc' });
  const { language } = await pickLanguage(request);
  const [table, tree] = await Promise.all([
    productTable(query, textLanguageOf(url)),
    categoryTree(isTextLanguage(language) ? language : 'en'),
  ]);
  return data(
    {
      query,
      page: table.page,
      gtin: table.gtin,
      problem: table.problem,
      byWords: table.byWords ?? false,
      categories: flattenTree(tree),
      path: panelPath('shopping', 'products'),
    },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

/** A filter's problem as the message beside its input. */
function problemMessages(t: Translate, problem: ProductFilterProblem | null): Record<string, string> {
  if (problem === null) return {};
  if (problem.field === 'brand') return { brand: t('products.unknownBrandSlug') };
  if (problem.field === 'category') return { category: t('field.unknownCategory') };
  return {
    q:
      problem.problem === 'checkDigit'
        ? t('products.search.checkDigit')
        : t('products.search.notGtin', { digits: problem.digits }),
  };
}

/**
 * The shopping panel's products: every status, found by name start or GTIN, by category (with its
 * subcategories) and brand, sorted and paged by catalog; a product opens by id.
 */
export default function Products() {
  const t = useT();
  const { query, page, gtin, problem, byWords, categories, path } = useLoaderData<typeof loader>();
  const errors = problemMessages(t, problem);
  const category = query.filters.category ?? '';
  const describedBy = (name: string, ...more: string[]) =>
    [...more, ...(errors[name] ? [`${name}-error`] : [])].join(' ') || undefined;
  return (
    <>
      <h1>{t('products.title')}</h1>
      <form
        method="get"
        action={panelPath('shopping', 'products/open')}
        className="staff-form"
        aria-label={t('products.open')}
      >
        <label>
          {t('products.id')} <input name="id" required maxLength={100} />
        </label>{' '}
        <button type="submit">{t('products.open')}</button>
      </form>
      <DataTable<ProductRow>
        caption={t('products.title')}
        path={path}
        query={query}
        page={page}
        rowKey={(row) => row.id}
        filters={
          <>
            <label htmlFor="products-q">{t('products.search')}</label>{' '}
            <input
              id="products-q"
              name="q"
              type="search"
              defaultValue={query.filters.q ?? ''}
              maxLength={200}
              size={28}
              aria-describedby={describedBy('q', 'products-q-help')}
            />{' '}
            <small id="products-q-help">
              {gtin
                ? t('products.search.byGtin', { gtin })
                : byWords
                  ? t('products.search.byWords', { text: (query.filters.q ?? '').trim() })
                  : t('products.search.help')}
            </small>
            <FieldError name="q" errors={errors} />{' '}
            <label htmlFor="products-category">{t('products.categoryFilter')}</label>{' '}
            <select
              id="products-category"
              name="category"
              defaultValue={category}
              aria-describedby={describedBy('category')}
            >
              <option value="">{t('products.anyCategory')}</option>
              {categories.map((option) => (
                <option key={option.id} value={option.id}>
                  {`${'— '.repeat(option.depth)}${option.name}`}
                </option>
              ))}
              {category && !categories.some((option) => option.id === category) ? (
                <option value={category}>{category}</option>
              ) : null}
            </select>
            <FieldError name="category" errors={errors} />{' '}
            <label htmlFor="products-brand">{t('products.brandSlug')}</label>{' '}
            <input
              id="products-brand"
              name="brand"
              defaultValue={query.filters.brand ?? ''}
              size={16}
              aria-describedby={describedBy('brand')}
            />
            <FieldError name="brand" errors={errors} />
          </>
        }
        columns={[
          {
            key: 'name',
            label: t('products.name'),
            sort: 'name',
            render: (row) => <a href={panelPath('shopping', `products/${encodeURIComponent(row.id)}`)}>{row.name}</a>,
          },
          { key: 'brand', label: t('products.brand'), render: (row) => row.brand || t('app.none') },
          { key: 'category', label: t('products.category'), render: (row) => row.category || t('app.none') },
          { key: 'gtins', label: t('products.gtins'), render: (row) => row.gtins.join(', ') || t('app.none') },
          {
            key: 'status',
            label: t('products.status'),
            render: (row) => t(`products.status.${row.status || 'active'}`),
          },
          {
            key: 'updated',
            label: t('products.updated'),
            sort: 'updated',
            render: (row) => <time dateTime={row.updatedAt}>{row.updatedAt.slice(0, 10)}</time>,
          },
        ]}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
