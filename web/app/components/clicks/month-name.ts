const names = new Map<string, Intl.DateTimeFormat>();

/** A UTC month ("YYYY-MM") as the page's language names it ("December 2026", "Dezember 2026"). */
export function monthName(month: string, tag: string): string {
  let format = names.get(tag);
  if (!format)
    names.set(tag, (format = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', timeZone: 'UTC' })));
  return format.format(new Date(`${month}-01T00:00:00Z`));
}
