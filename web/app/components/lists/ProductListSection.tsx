import type { ReactNode } from 'react';
import type { ListMeta } from '~/api/mappers/list-meta.server';
import type { ProductCardData } from '~/data/cards';
import { useSite } from '~/site/use-site';
import { ProductCard, type ShopPriceOnCard } from '../cards/ProductCard';
import { useCount } from '../common/Count';
import { Pagination } from '../common/Pagination';
import { SortForm } from './SortForm';
import { usePageHref } from './use-page-href';

export interface ProductListData {
  readonly hits: readonly ProductCardData[];
  readonly meta: Pick<ListMeta, 'total' | 'page' | 'pages' | 'totalIsLowerBound' | 'sortOptions' | 'sort'>;
}

/**
 * A paged grid of products with its sort (brand, category, shop pages and the products list).
 * `keep`: the list's other parameters (its filters) as form fields, kept when sorting
 * (paging keeps the whole query); `empty`: what an empty list says instead of "nothing matches".
 */
export function ProductListSection({
  id,
  title,
  list,
  keep,
  empty,
  shopPriceOf,
}: {
  id: string;
  title: string;
  list: ProductListData;
  keep?: readonly (readonly [string, string])[];
  empty?: ReactNode;
  /** On a shop's page: each card's shop price (ADR 139). */
  shopPriceOf?: (product: ProductCardData) => ShopPriceOnCard;
}) {
  const { t } = useSite();
  const count = useCount();
  const hrefFor = usePageHref();
  const { meta } = list;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="section-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        <span className="muted">{count('counts.products', meta.total)}</span>
      </div>
      {meta.sortOptions.length > 1 ? (
        <SortForm
          label={t('search.sort')}
          options={meta.sortOptions.map((o) => ({ key: o.key, label: t(`search.sorts.${o.key}`) }))}
          value={meta.sort}
          hidden={keep?.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
        />
      ) : null}
      {list.hits.length === 0 ? (
        (empty ?? <p>{t('lists.empty')}</p>)
      ) : (
        <ul className="product-grid">
          {list.hits.map((product, i) => (
            <li key={product.id}>
              <ProductCard product={product} eager={i < 4} shopPrice={shopPriceOf?.(product)} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={meta.page} pages={meta.totalIsLowerBound ? null : meta.pages} hrefFor={hrefFor} />
    </section>
  );
}
