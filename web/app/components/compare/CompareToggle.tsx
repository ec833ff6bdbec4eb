import { togglePickedProduct, usePickedProducts } from '~/compare/use-picked-products';
import { useSite } from '~/site/use-site';

/**
 * The Compare toggle of a product card and the product page (ADR 116): picks the product for the
 * compare tray, or drops it again. Rendered only once JavaScript runs (the picked list lives in
 * the browser); without it the compare page still works from its link.
 */
export function CompareToggle({ product, className }: { product: { id: string; name: string }; className?: string }) {
  const { t } = useSite();
  const state = usePickedProducts();
  if (!state) return null;
  const pressed = state.picked.some((picked) => picked.id === product.id);
  return (
    <button
      type="button"
      className={`compare-toggle${className ? ` ${className}` : ''}`}
      aria-pressed={pressed}
      aria-label={t('compare.toggleLabel', { name: product.name })}
      onClick={() => togglePickedProduct({ id: product.id, name: product.name })}
    >
      <span aria-hidden="true">{pressed ? '✓' : '+'}</span> {t('compare.toggle')}
    </button>
  );
}
