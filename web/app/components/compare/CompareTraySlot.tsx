import { useMatches } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { usePickedProducts } from '~/compare/use-picked-products';

/** Its own chunk: fetched when the first product is picked, not with every page (ADR 116). */
const CompareTray = lazy(() => import('./CompareTray'));

/** The route of the compare page, which shows the comparison itself instead of the tray. */
const COMPARE_ROUTE = 'routes/$locale.compare';

/** Where the compare tray goes on every page under a locale: nothing until a product is picked. */
export function CompareTraySlot() {
  const state = usePickedProducts();
  const onComparePage = useMatches().some((match) => match.id === COMPARE_ROUTE);
  if (!state || state.picked.length === 0 || onComparePage) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray state={state} />
    </Suspense>
  );
}
