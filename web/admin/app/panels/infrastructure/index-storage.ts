import type { Language } from '../../i18n/languages';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** "412 MiB", "1.5 GiB" ("1,5 GiB" in German): binary units, as operators read disk sizes. */
export function formatBytes(bytes: number, language: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Three significant digits at most: "412 MiB", "41.2 MiB", "4.12 MiB"; whole bytes as they are.
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** "3 minutes ago" / "vor 3 Minuten": seconds under a minute, minutes under an hour, then hours. */
export function formatAge(seconds: number, language: Language): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  const age = Math.max(0, Math.round(seconds));
  if (age < 60) return format.format(-age, 'second');
  if (age < 3600) return format.format(-Math.floor(age / 60), 'minute');
  return format.format(-Math.floor(age / 3600), 'hour');
}
