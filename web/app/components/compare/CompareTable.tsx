import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { compareHref } from '~/compare/compare-link';
import { MISSING, shownRows } from '~/compare/compare-rows';
import { dropPickedProduct } from '~/compare/use-picked-products';
import type { ComparePageData, ComparedProduct } from '~/data/compare-page.server';
import { useSite } from '~/site/use-site';
import { useCount } from '../common/Count';
import { Price } from '../common/Price';
import { Rating } from '../common/Rating';

const PLACEHOLDER = '/img/placeholder/product.svg';

/** A cell without a value: a dash to see, words to hear. */
function Missing() {
  const { t } = useSite();
  return (
    <>
      <span aria-hidden="true">{MISSING}</span>
      <span className="visually-hidden">{t('compare.missing')}</span>
    </>
  );
}

/** An overview row (brand, rating, price): shown unless only differences are asked and it has none. */
function OverviewRow({
  name,
  differs,
  products,
  cell,
}: {
  name: string;
  differs: boolean;
  products: readonly ComparedProduct[];
  cell: (product: ComparedProduct) => ReactNode;
}) {
  return (
    <tr className={differs ? 'differs' : undefined}>
      <th scope="row">{name}</th>
      {products.map((product) => (
        <td key={product.id}>{cell(product)}</td>
      ))}
    </tr>
  );
}

/**
 * The products side by side (ADR 116): a column per product (its picture, name and a Remove link
 * as the column's header), a row per attribute (its name as the row's header). Rows whose values
 * differ are marked; "Show only differences" is a link (`&diff=1`), so it works without JavaScript.
 */
export function CompareTable({ data }: { data: ComparePageData }) {
  const { t, route } = useSite();
  const count = useCount();
  const path = route('compare');
  const { products, overview, onlyDifferences } = data;
  const ids = products.map((product) => product.id);
  const attributes = shownRows(data.attributes, onlyDifferences);
  const overviewShown = (differs: boolean) => !onlyDifferences || differs;
  const nothingDiffers =
    onlyDifferences && attributes.length === 0 && !overview.brand && !overview.rating && !overview.price;
  return (
    <>
      <p className="compare-tools">
        <Link to={compareHref(path, ids, !onlyDifferences)} className="button" preventScrollReset>
          {onlyDifferences ? t('compare.allRows') : t('compare.onlyDifferences')}
        </Link>
      </p>
      {data.pricesKnown ? null : <p className="notice">{t('compare.pricesUnavailable')}</p>}
      <div className="table-scroll compare-scroll">
        <table className={`compare-table compare-columns-${products.length}`}>
          <caption>{data.caption}</caption>
          <thead>
            <tr>
              <td />
              {products.map((product) => (
                <th key={product.id} scope="col">
                  <Link to={product.route} prefetch="intent" className="compare-product">
                    <img src={product.image ?? PLACEHOLDER} alt="" width={120} height={120} />
                    <span>{product.name}</span>
                  </Link>
                  <Link
                    to={compareHref(
                      path,
                      ids.filter((id) => id !== product.id),
                      onlyDifferences,
                    )}
                    className="compare-remove"
                    aria-label={t('compare.removeLabel', { name: product.name })}
                    // The browser's picked list follows: the tray no longer offers what was removed here.
                    onClick={() => dropPickedProduct(product.id)}
                  >
                    {t('compare.remove')}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {overviewShown(overview.brand) ? (
              <OverviewRow
                name={t('product.brand')}
                differs={overview.brand}
                products={products}
                cell={(product) =>
                  product.brand ? <Link to={product.brand.route}>{product.brand.name}</Link> : <Missing />
                }
              />
            ) : null}
            {overviewShown(overview.rating) ? (
              <OverviewRow
                name={t('compare.rating')}
                differs={overview.rating}
                products={products}
                cell={(product) => <Rating rating={product.rating} />}
              />
            ) : null}
            {overviewShown(overview.price) ? (
              <OverviewRow
                name={t('compare.price')}
                differs={overview.price}
                products={products}
                cell={(product) =>
                  product.price ? (
                    <>
                      <Price amount={product.price.amount} currency={product.price.currency} />{' '}
                      <a href={`${product.route}#pricing`} className="compare-offers">
                        {count('counts.offers', product.price.offers)}
                      </a>
                    </>
                  ) : data.pricesKnown ? (
                    <span className="muted">{data.noOffers}</span>
                  ) : (
                    <Missing />
                  )
                }
              />
            ) : null}
          </tbody>
          {attributes.length > 0 ? (
            <tbody>
              <tr>
                <th scope="rowgroup" colSpan={products.length + 1} className="compare-group">
                  {t('product.features')}
                </th>
              </tr>
              {attributes.map((row, i) => (
                <tr key={`${row.name}-${i}`} className={row.differs ? 'differs' : undefined}>
                  <th scope="row">{row.name}</th>
                  {row.values.map((value, column) => (
                    <td key={ids[column]}>{value === MISSING ? <Missing /> : value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          ) : null}
        </table>
      </div>
      {nothingDiffers ? <p className="notice">{t('compare.noDifferences')}</p> : null}
    </>
  );
}
