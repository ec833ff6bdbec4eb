import { useSite } from '~/site/use-site';

/** Links to the page's sections (spec §2.7); eco and health have no values yet: always empty. */
export function SummaryBar({ price, reviews }: { price: string | null; reviews: string }) {
  const { t } = useSite();
  const empty = t('product.emptyValue');
  const items = [
    { href: '#pricing', label: t('product.pricing'), value: price ?? empty },
    { href: '#reviews', label: t('product.reviews'), value: reviews },
    { href: '#eco', label: t('product.eco'), value: empty },
    { href: '#health', label: t('product.health'), value: empty },
  ];
  return (
    <nav className="summary-bar" aria-label={t('product.summary')}>
      {items.map((item) => (
        <a key={item.href} href={item.href}>
          <span className="muted">{item.label}</span> <strong>{item.value}</strong>
        </a>
      ))}
    </nav>
  );
}
