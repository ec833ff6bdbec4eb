import { peek, type FeedSource } from './byte-source.js';
import { csvItems, type CsvContent, type CsvLayout } from './csv-items.js';
import { detectDelimiter, detectFormat, firstLine, type Delimiter } from './detect-format.js';
import type { FeedFormat, FeedFormatChoice } from './feed-format.js';
import { FeedReadError, type RawItem } from './raw-item.js';
import { decodeText, detectEncoding, type TextEncodingChoice } from './text-decoding.js';
import { xmlItems } from './xml-items.js';

/** An opened feed: what it was recognised as, and its items as a stream. */
export interface OpenedFeed {
  readonly format: FeedFormat;
  readonly encoding: string;
  /** CSV/TSV only. */
  readonly delimiter: Delimiter | null;
  /** Items in document order; reading them may throw FeedReadError. */
  readonly items: AsyncGenerator<RawItem>;
  /** CSV/TSV: the header row as read, once the first item was read. */
  layout(): CsvLayout | null;
  bytesRead(): number;
}

const FORMAT_NAMES: Readonly<Record<FeedFormat, string>> = {
  'google-merchant-xml': 'Google Merchant XML',
  csv: 'CSV',
  tsv: 'TSV',
  'idealo-csv': 'idealo CSV',
};

/**
 * Opens a feed for streaming: peeks at its first 16 KiB for the encoding and (with `auto`) the
 * format, then reads items as the bytes arrive. Throws FeedReadError when the content is no feed
 * of the format (binary data, XML of another vocabulary, a CSV without a delimited header).
 */
export async function openFeed(source: FeedSource, format: FeedFormatChoice = 'auto'): Promise<OpenedFeed> {
  const peeked = await peek(source);
  if (peeked.head.byteLength === 0) throw new FeedReadError('the feed is empty', 1);
  const encoding = detectEncoding(peeked.head);
  const headText = new TextDecoder(encoding.encoding).decode(peeked.head.subarray(encoding.bomLength));
  const detected = detectFormat(headText);
  const chosen = format === 'auto' ? detected : format;
  if (!chosen)
    throw new FeedReadError(
      'not a product feed: expected Google Merchant XML (RSS 2.0 or Atom with the g: namespace), CSV or TSV with a header row',
      1,
    );
  const isXml = chosen === 'google-merchant-xml';
  if (isXml !== (detected === 'google-merchant-xml')) {
    throw new FeedReadError(
      `the content is not ${FORMAT_NAMES[chosen]}${detected ? ` (it reads as ${FORMAT_NAMES[detected]})` : ''}`,
      1,
    );
  }
  let layout: CsvLayout | null = null;
  let delimiter: Delimiter | null = null;
  if (!isXml) {
    delimiter = chosen === 'tsv' ? '\t' : detectDelimiter(firstLine(headText.trimStart()));
    if (!delimiter) throw new FeedReadError(`the header row of the ${FORMAT_NAMES[chosen]} has no delimiter`, 1);
  }
  return {
    format: chosen,
    encoding: encoding.encoding,
    delimiter,
    items: isXml
      ? xmlItems(decodeText(peeked.chunks, encoding))
      : csvItems(csvContent(peeked.chunks, encoding), delimiter as Delimiter, (read) => (layout = read)),
    layout: () => layout,
    bytesRead: peeked.bytesRead,
  };
}

/** UTF-8 and UTF-16LE bytes go to csv-parse undecoded (it strips their BOM); others as text. */
function csvContent(chunks: AsyncIterable<Uint8Array>, encoding: TextEncodingChoice): CsvContent {
  if (encoding.encoding === 'utf-8') return { bytes: chunks, encoding: 'utf8' };
  if (encoding.encoding === 'utf-16le') return { bytes: chunks, encoding: 'utf16le' };
  return { text: decodeText(chunks, encoding) };
}
