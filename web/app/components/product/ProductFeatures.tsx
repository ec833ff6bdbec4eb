import { useSite } from '~/site/use-site';

/** Identifiers and features of the product as a definition list (rows named on the server). */
export function ProductFeatures({ rows }: { rows: readonly (readonly [string, string])[] }) {
  const { t } = useSite();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading">{t('product.features')}</h2>
      <dl className="features">
        {rows.map(([name, value], i) => (
          <div key={`${name}-${i}`}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
