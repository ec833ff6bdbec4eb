import { foldCase } from '@pc/text-analysis/fold';

/**
 * The free-text filter of ListPromotions: every word of the query appears in the title or the
 * description, case and accents folded ("Kuhlschrank" finds "Kühlschrank"). Promotions are few
 * (a handful per shop), so this runs over the store's candidates rather than needing an index.
 */
export function textMatcher(query: string): ((promotion: { title: string; description: string }) => boolean) | null {
  const words = foldCase(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return (promotion) => {
    const text = foldCase(`${promotion.title} ${promotion.description}`);
    return words.every((word) => text.includes(word));
  };
}
