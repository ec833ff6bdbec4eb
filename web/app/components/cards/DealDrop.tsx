import { useSite } from '~/site/use-site';

/**
 * A deal's line under its card (ADR 142): "−18% vs. its 30-day average", the percent rounded
 * down, the window the one the reference averages over. The deals page and the home page's row.
 */
export function DealDrop({ percent, days }: { percent: number; days: number }) {
  const { t } = useSite();
  return <p className="deal-drop">{t('deals.drop', { percent, days })}</p>;
}
