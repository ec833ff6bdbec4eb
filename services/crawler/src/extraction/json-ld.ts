import type { CheerioAPI } from 'cheerio';

// jsonrepair ships CommonJS for require(), but its only type declarations sit in its ES module build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { jsonrepair } = require('jsonrepair') as typeof import('jsonrepair', { with: { 'resolution-mode': 'import' } });

/** HTML comments and `//` comment lines around the JSON (old pages hide scripts from old browsers). */
const LEADING_COMMENTS = /^(?:\s*(?:<!--[\s\S]*?-->|\/\/[^\n]*(?:\n|$)))+/;
const TRAILING_COMMENTS = /(?:<!--[\s\S]*?-->|-->)\s*$/;
const BARE_OPENER = /^\s*<!--/;

/**
 * The JSON values of a page's `<script type="application/ld+json">` blocks. Broken blocks as
 * pages really have them are repaired rather than dropped: comments (`//`, `/* *\/`, `<!-- -->`
 * around the JSON), raw control characters inside strings, trailing commas — by jsonrepair, after
 * the HTML-comment wrapper (which no JSON tool knows) is cut off. Text inside strings is kept as
 * it is, comment-like or not. A block nothing can read counts in `unreadable`.
 */
export function readJsonLd($: CheerioAPI): { values: unknown[]; unreadable: number } {
  const values: unknown[] = [];
  let unreadable = 0;
  $('script[type]').each((_index, element) => {
    const type = ($(element).attr('type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/ld+json') return;
    const text = $(element)
      .text()
      .replace(LEADING_COMMENTS, '')
      .replace(BARE_OPENER, '')
      .replace(TRAILING_COMMENTS, '')
      .trim();
    if (text === '') return;
    try {
      values.push(JSON.parse(text));
    } catch {
      try {
        values.push(JSON.parse(jsonrepair(text)));
      } catch {
        unreadable += 1;
      }
    }
  });
  return { values, unreadable };
}

/** The objects of JSON-LD values: arrays and `@graph` lists opened up. */
export function jsonLdObjects(values: readonly unknown[]): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 10) return;
    if (Array.isArray(value)) value.forEach((item) => visit(item, depth + 1));
    else if (typeof value === 'object' && value !== null) {
      const object = value as Record<string, unknown>;
      if ('@graph' in object) visit(object['@graph'], depth + 1);
      if ('@type' in object) objects.push(object);
    }
  };
  values.forEach((value) => visit(value, 0));
  return objects;
}
