import type { ProductJson } from '~/api/mappers/product.server';
import { useSite } from '~/site/use-site';

/** Identifiers and features of the product as a definition list. */
export function ProductFeatures({ product }: { product: Pick<ProductJson, 'gtin' | 'mpn' | 'manufacturer' | 'features'> }) {
  const { t } = useSite();
  const rows = [
    ...(product.gtin ? [{ name: t('product.gtin'), value: product.gtin }] : []),
    ...(product.mpn ? [{ name: t('product.mpn'), value: product.mpn }] : []),
    ...(product.manufacturer ? [{ name: t('product.manufacturer'), value: product.manufacturer }] : []),
    ...product.features.map((f) => ({ name: f.name, value: f.value })),
  ];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading">{t('product.features')}</h2>
      <dl className="features">
        {rows.map((row, i) => (
          <div key={`${row.name}-${i}`}>
            <dt>{row.name}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
