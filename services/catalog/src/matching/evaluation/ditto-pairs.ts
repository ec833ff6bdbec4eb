// Reader of the labelled pair files of the Ditto benchmark collection (see SOURCE.md beside the
// data): one pair a line, `COL <attr> VAL <value> ...` TAB `...` TAB label. Attribute names
// differ per dataset; they map onto the matcher's record fields here.
import type { MatchableRecord } from '../decide-match.js';

export interface LabelledPair {
  readonly left: MatchableRecord;
  readonly right: MatchableRecord;
  readonly isMatch: boolean;
}

/** `COL title VAL abc COL price VAL 9.99` → { title: 'abc', price: '9.99' }. */
export function parseDittoRecord(field: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /COL (\S+) VAL ?(.*?)(?= COL \S+ VAL|$)/gs;
  for (const match of field.matchAll(pattern)) attributes.set(match[1] ?? '', (match[2] ?? '').trim());
  return attributes;
}

const TITLE_ATTRIBUTES = ['title', 'name'];
const BRAND_ATTRIBUTES = ['brand', 'manufacturer'];

function firstPresent(attributes: ReadonlyMap<string, string>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = attributes.get(name);
    if (value) return value;
  }
  return undefined;
}

export function toMatchableRecord(attributes: ReadonlyMap<string, string>): MatchableRecord {
  const price = Number.parseFloat(attributes.get('price') ?? '');
  const brand = firstPresent(attributes, BRAND_ATTRIBUTES);
  const mpn = attributes.get('modelno') || undefined;
  const description = attributes.get('description') || undefined;
  return {
    title: firstPresent(attributes, TITLE_ATTRIBUTES) ?? '',
    ...(brand ? { brand } : {}),
    ...(mpn ? { mpn } : {}),
    ...(description ? { description } : {}),
    ...(Number.isFinite(price) && price > 0 ? { price } : {}),
  };
}

/** Every pair of a file's text; throws on a line that is not in the format (a wrong file). */
export function parseDittoPairs(text: string): LabelledPair[] {
  const pairs: LabelledPair[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const [left, right, label] = line.split('\t');
    if (left === undefined || right === undefined || (label?.trim() !== '0' && label?.trim() !== '1')) {
      throw new Error(`line ${index + 1}: expected "record TAB record TAB 0|1"`);
    }
    pairs.push({
      left: toMatchableRecord(parseDittoRecord(left)),
      right: toMatchableRecord(parseDittoRecord(right)),
      isMatch: label.trim() === '1',
    });
  });
  return pairs;
}
