import type { Language } from '../../i18n/languages';

const unitFormat = (language: Language, unit: 'second' | 'minute' | 'hour', digits: number) =>
  new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits });

/**
 * How often a URL is visited: "40 sec" for a fast mover, "45 min", "6 hr" ("6 Std." in German).
 * Seconds below two minutes, so a fast mover's interval does not round to "1 min".
 */
export function formatVisitInterval(seconds: number, language: Language): string {
  if (seconds < 120) return unitFormat(language, 'second', 0).format(Math.round(seconds));
  if (seconds < 2 * 3600) return unitFormat(language, 'minute', 0).format(Math.round(seconds / 60));
  return unitFormat(language, 'hour', 1).format(seconds / 3600);
}

/** Price changes a day as the crawler estimates them: two decimals below one ("0.25"), else one. */
export function formatChangesPerDay(changes: number, language: Language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: changes < 1 ? 2 : 1 }).format(changes);
}
