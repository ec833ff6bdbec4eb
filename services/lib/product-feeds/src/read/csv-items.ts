import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { fieldOf, headerKey, type FieldName } from '../fields/field-names.js';
import type { Delimiter } from './detect-format.js';
import { FeedReadError, type RawItem, type RawValue } from './raw-item.js';

/** The columns of a delimited feed: what each header was read as. */
export interface CsvLayout {
  readonly headers: readonly string[];
  /** Headers no attribute uses (kept in the report, not an error). */
  readonly unused: readonly string[];
}

/** The feed's content: raw bytes in UTF-8 or UTF-16LE, or text decoded from another encoding. */
export type CsvContent =
  | { readonly bytes: AsyncIterable<Uint8Array>; readonly encoding: 'utf8' | 'utf16le' }
  | { readonly text: AsyncIterable<string> };

interface ParsedRecord {
  readonly record: string[];
  readonly info: { readonly lines: number };
}

/**
 * The rows of a CSV/TSV feed, streamed through csv-parse: the first row is the header, each
 * later row an item named by the line it starts on. Quoted cells may hold delimiters, quotes
 * and line breaks; stray quotes inside unquoted cells are tolerated (common in exports); a row
 * with another number of cells than the header is passed on marked, for validation to reject.
 * Broken quoting that cannot be resolved ends the read with a FeedReadError naming the line.
 */
export async function* csvItems(
  content: CsvContent,
  delimiter: Delimiter,
  onLayout: (layout: CsvLayout) => void,
): AsyncGenerator<RawItem> {
  const parser = parse({
    delimiter,
    // Bytes in an encoding Node's Buffer decodes go to csv-parse as they are (it decodes each
    // cell once); others arrive as text already.
    ...('bytes' in content ? { encoding: content.encoding, bom: true } : {}),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    quote: delimiter === '\t' ? false : '"',
  });
  const input = Readable.from('bytes' in content ? content.bytes : content.text, { objectMode: false });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let columns: (FieldName | null)[] | null = null;
  let shippingServices: string[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      if (!columns) {
        columns = record.map(fieldOf);
        shippingServices = record.map((header) => /^delivery_?costs_(.+)$/.exec(headerKey(header))?.[1] ?? '');
        onLayout({ headers: record, unused: record.filter((_, i) => columns?.[i] === null) });
        continue;
      }
      const values = new Map<FieldName, RawValue[]>();
      let newlines = 0;
      for (let index = 0; index < record.length; index += 1) {
        const cell = record[index] as string;
        if (cell.includes('\n')) newlines += countNewlines(cell);
        const field = columns[index];
        if (!field) continue;
        const text = cell.trim();
        if (!text) continue;
        const split = SPLIT_FIELDS.has(field) ? cellValues(field, text, shippingServices[index] ?? '') : null;
        const list = values.get(field);
        if (list) list.push(...(split ?? [text]));
        else values.set(field, split ?? [text]);
      }
      yield {
        position: info.lines - newlines,
        values,
        ...(record.length !== columns.length && {
          cellCountMismatch: { expected: columns.length, found: record.length },
        }),
      };
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new FeedReadError(
        `the ${delimiter === '\t' ? 'TSV' : 'CSV'} cannot be read: ${error.message}`,
        (error as CsvError & { lines?: number }).lines,
      );
    throw error;
  }
  if (!columns) throw new FeedReadError('the feed is empty: no header row', 1);
}

/** Fields whose cells hold lists or groups (split by cellValues). */
const SPLIT_FIELDS = new Set<FieldName>(['gtin', 'image_link', 'additional_image_link', 'shipping']);

const countNewlines = (text: string): number => {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
};

/**
 * A cell as values: lists are split (idealo's `eans` "4006381333931|…", `imageUrls` separated by
 * ";" or "|"), shipping cells read as groups: Google's "CH::Standard:9.90 CHF" (country, region,
 * service, price; several separated by ","), or a bare price (idealo's deliveryCosts_<service>).
 */
function cellValues(field: FieldName, text: string, shippingService: string): RawValue[] {
  if (field === 'gtin') return text.split(/[|;,\s]+/).filter(Boolean);
  if (field === 'image_link' || field === 'additional_image_link')
    return text.split(/\s*[;|]\s*|,\s*(?=https?:)/).filter(Boolean);
  if (field === 'shipping') {
    if (!text.includes(':')) return [{ price: text, service: shippingService }];
    return text.split(/,(?=[A-Za-z]{2}:)/).map((group) => {
      const [country = '', region = '', service = '', price = ''] = group.split(':');
      return { country: country.trim(), region: region.trim(), service: service.trim(), price: price.trim() };
    });
  }
  return [text];
}
