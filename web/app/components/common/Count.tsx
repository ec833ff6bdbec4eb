import { formatCompact, formatNumber } from '~/i18n/format';
import { countForm } from '~/i18n/plural';
import { useSite } from '~/site/use-site';

/**
 * A count message in the zero / one / many form the language's plural rules pick (spec §9), e.g.
 * "No offers", "1 offer", "12 offers"; `compact` writes large numbers as 1.2K.
 */
export function useCount() {
  const { t, tag, language } = useSite();
  return (key: string, count: number, compact = false) =>
    t(`${key}.${countForm(count, language)}`, {
      count,
      n: compact ? formatCompact(count, tag) : formatNumber(count, tag),
    });
}
