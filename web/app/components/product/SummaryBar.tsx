import { useSite } from '~/site/use-site';

/** Links to the page's sections (spec §2.7), written on the server; eco and health stay empty. */
export function SummaryBar({ items }: { items: readonly (readonly [string, string, string])[] }) {
  const { t } = useSite();
  return (
    <nav className="summary-bar" aria-label={t('product.summary')}>
      {items.map(([href, label, value]) => (
        <a key={href} href={href}>
          <span className="muted">{label}</span> <strong>{value}</strong>
        </a>
      ))}
    </nav>
  );
}
