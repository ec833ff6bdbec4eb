import { Link } from '@remix-run/react';
import type { VariantChip } from '~/data/product-page-variants.server';
import { formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';

/**
 * The other variants of the product's model beside its title (ADR 138): a chip per variant with
 * what tells it apart and its lowest price in the visitor's country, the product shown marked and
 * not linked. Nothing when the model has no other variant.
 */
export function ProductVariants({ chips }: { chips: readonly VariantChip[] }) {
  const { t, tag } = useSite();
  if (chips.length === 0) return null;
  return (
    <nav className="product-variants" aria-labelledby="variants-heading">
      <h2 id="variants-heading">{t('variants.title')}</h2>
      <ul className="chips">
        {chips.map((chip) => {
          const price = chip.price
            ? t('variants.from', { price: formatPrice(chip.price.amount, chip.price.currency, tag) })
            : t('variants.noOffers');
          const text = (
            <>
              <span className="variant-value">{chip.label}</span> <span className="muted">{price}</span>
            </>
          );
          return (
            <li key={chip.id}>
              {chip.current ? (
                <span className="chip current" aria-current="page" title={t('variants.current')}>
                  {text}
                </span>
              ) : (
                <Link to={chip.route} aria-label={t('variants.chipLabel', { name: chip.name, price })}>
                  {text}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
