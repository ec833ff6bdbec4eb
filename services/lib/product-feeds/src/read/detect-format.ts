import { looksLikeIdealo } from '../fields/field-names.js';
import type { FeedFormat } from './feed-format.js';

const DELIMITERS = ['\t', ';', ',', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * The delimiter of a delimited file from its header line: the candidate that occurs most often
 * outside quotes (a tab wins ties: TSV headers hold no tabs otherwise). Null when none occurs.
 */
export function detectDelimiter(headerLine: string): Delimiter | null {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as Delimiter))
      counts.set(char as Delimiter, (counts.get(char as Delimiter) ?? 0) + 1);
  }
  let best: Delimiter | null = null;
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (best ? (counts.get(best) ?? 0) : 0)) best = delimiter;
  return best;
}

export const firstLine = (text: string): string => {
  const end = text.search(/\r?\n/);
  return end < 0 ? text : text.slice(0, end);
};

/**
 * The format of a feed from its first characters: XML whose root is `<rss>` or an Atom `<feed>`
 * is a Google Merchant feed; text with a delimited header line is CSV (idealo's when its
 * columns are idealo's) or TSV, by the delimiter of the header line. Null: none of them (binary
 * content, another XML vocabulary, a single column).
 */
export function detectFormat(headText: string): FeedFormat | null {
  const text = headText.replace(/^\uFEFF/, '');
  if (hasControlCharacters(text.slice(0, 1024))) return null;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('<'))
    return /<(?:[A-Za-z_][\w.-]*:)?(?:rss|feed)[\s>]/.test(trimmed.slice(0, 4096)) ? 'google-merchant-xml' : null;
  const header = firstLine(trimmed);
  const delimiter = detectDelimiter(header);
  if (!delimiter) return null;
  if (delimiter === '\t') return 'tsv';
  const headers = header.split(delimiter).map((cell) => cell.replace(/^"|"$/g, ''));
  return looksLikeIdealo(headers) ? 'idealo-csv' : 'csv';
}

/** NUL and other C0 controls besides tab, line feed, form feed and carriage return: binary content. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0b && code !== 0x0c && code !== 0x0d) return true;
  }
  return false;
}
