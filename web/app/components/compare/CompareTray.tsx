import { Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { COMPARE_MAX, COMPARE_MIN, compareHref } from '~/compare/compare-link';
import { dropAllPickedProducts, dropPickedProduct, type PickedState } from '~/compare/use-picked-products';
import { useSite } from '~/site/use-site';

/**
 * The compare tray (ADR 116): the picked products by name, each with a remove button, and the
 * link to compare them (from two on). Fixed at the bottom of the window, above the tab bar on a
 * phone. Loaded only once a product is picked: pages without picks carry none of its code.
 */
export default function CompareTray({ state }: { state: PickedState }) {
  const { t, route } = useSite();
  const tray = useRef<HTMLElement>(null);
  // After a remove button, focus moves to the next one (or the tray): it never falls to the page.
  const focusAt = useRef<number | null>(null);
  const { picked, refused } = state;
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || !tray.current) return;
    focusAt.current = null;
    const buttons = tray.current.querySelectorAll<HTMLButtonElement>('.compare-tray-remove');
    (buttons[Math.min(at, buttons.length - 1)] ?? tray.current).focus();
  }, [picked]);
  const n = picked.length;
  const label = t('compare.trayLink', { n });
  return (
    <section ref={tray} className="compare-tray" aria-label={t('compare.tray')} tabIndex={-1}>
      <ul>
        {picked.map((product, i) => (
          <li key={product.id}>
            <span className="compare-tray-name">{product.name}</span>
            <button
              type="button"
              className="compare-tray-remove"
              aria-label={t('compare.removeLabel', { name: product.name })}
              onClick={() => {
                focusAt.current = i;
                dropPickedProduct(product.id);
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="compare-tray-status" role="status">
        {refused ? t('compare.full', { max: COMPARE_MAX }) : n < COMPARE_MIN ? t('compare.trayHint') : ''}
      </p>
      <div className="compare-tray-actions">
        <button type="button" onClick={dropAllPickedProducts}>
          {t('compare.clear')}
        </button>
        {n >= COMPARE_MIN ? (
          <Link
            to={compareHref(
              route('compare'),
              picked.map((product) => product.id),
            )}
            className="button primary"
          >
            {label}
          </Link>
        ) : (
          <button type="button" className="primary" disabled>
            {label}
          </button>
        )}
      </div>
    </section>
  );
}
