import { SaxesParser, type SaxesTagNS } from 'saxes';
import { fieldOf, type FieldName } from '../fields/field-names.js';
import { FeedReadError, type RawItem, type RawValue } from './raw-item.js';

const GOOGLE_NS = 'http://base.google.com/ns/1.0';
const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** Elements of RSS/Atom itself that stand in for Google attributes when the `g:` one is absent. */
const PLAIN_FIELDS: Readonly<Record<string, FieldName>> = {
  title: 'title',
  link: 'link',
  description: 'description',
  summary: 'description',
};

interface OpenField {
  readonly field: FieldName | null;
  readonly google: boolean;
  text: string;
  group: Record<string, string> | null;
  child: string | null;
  childText: string;
}

/**
 * The items of a Google Merchant feed (RSS 2.0 `<item>` or Atom `<entry>`), streamed through
 * saxes with namespaces resolved: `g:` elements are the attributes; RSS/Atom's own `title`,
 * `link` (Atom: its `href`) and `description`/`summary` count when the `g:` element is absent;
 * other namespaces (a marketplace's `s:` fields) are skipped. An element with children
 * (`g:shipping` with `g:country`, `g:service`, `g:price`) is one grouped value. Text is
 * collected as it streams, so an item is whole once its end tag is read; malformed XML ends the
 * read with a FeedReadError at its line.
 */
export async function* xmlItems(text: AsyncIterable<string>): AsyncGenerator<RawItem> {
  const parser = new SaxesParser({ xmlns: true });
  const ready: RawItem[] = [];
  let rootChecked = false;
  let depth = 0;
  let itemDepth = -1;
  let position = 0;
  let values = new Map<FieldName, RawValue[]>();
  let plain = new Map<FieldName, RawValue[]>();
  let open: OpenField | null = null;
  const fieldNames = new Map<string, FieldName | null>();
  const googleField = (local: string): FieldName | null => {
    let field = fieldNames.get(local);
    if (field === undefined) fieldNames.set(local, (field = fieldOf(local)));
    return field;
  };

  parser.on('opentag', (tag: SaxesTagNS) => {
    depth += 1;
    if (!rootChecked) {
      rootChecked = true;
      if (tag.local !== 'rss' && !(tag.local === 'feed' && tag.uri === ATOM_NS))
        throw new FeedReadError(
          `the XML root is <${tag.name}>, not an RSS 2.0 <rss> or Atom <feed> of a Google Merchant feed`,
          parser.line,
        );
    }
    if (itemDepth < 0) {
      if ((tag.local === 'item' && tag.uri === '') || (tag.local === 'entry' && tag.uri === ATOM_NS)) {
        itemDepth = depth;
        position += 1;
        values = new Map();
        plain = new Map();
      }
      return;
    }
    if (depth === itemDepth + 1) {
      const google = tag.uri === GOOGLE_NS;
      const field = google
        ? googleField(tag.local)
        : tag.uri === '' || tag.uri === ATOM_NS
          ? (PLAIN_FIELDS[tag.local] ?? null)
          : null;
      open = { field, google, text: '', group: null, child: null, childText: '' };
      const href = tag.attributes.href?.value;
      if (field === 'link' && !google && href) open.text = href;
    } else if (depth === itemDepth + 2 && open) {
      open.group ??= {};
      open.child = tag.local;
      open.childText = '';
    }
  });
  const onText = (chunk: string) => {
    if (!open) return;
    if (depth === itemDepth + 1) open.text += chunk;
    else if (depth === itemDepth + 2) open.childText += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (itemDepth >= 0 && depth === itemDepth + 2 && open?.group && open.child) {
      open.group[open.child] = open.childText.trim();
      open.child = null;
    } else if (itemDepth >= 0 && depth === itemDepth + 1 && open) {
      const value: RawValue | null = open.group ?? (open.text.trim() || null);
      if (open.field && value !== null) {
        const into = open.google ? values : plain;
        const list = into.get(open.field);
        if (list) list.push(value);
        else into.set(open.field, [value]);
      }
      open = null;
    } else if (depth === itemDepth) {
      for (const [field, list] of plain) if (!values.has(field)) values.set(field, list);
      ready.push({ position, values });
      itemDepth = -1;
    }
    depth -= 1;
  });

  for await (const chunk of text) {
    const failure = writeOrFail(parser, chunk);
    // Items completed before a failure in the same chunk are real: they go out first.
    if (ready.length > 0) yield* ready.splice(0);
    if (failure) throw failure;
  }
  const failure = writeOrFail(parser, null);
  yield* ready.splice(0);
  if (failure) throw failure;
  if (!rootChecked) throw new FeedReadError('the feed is empty: no XML element', 1);
}

/** Feeds saxes a chunk (null: the end); a parse error comes back as a FeedReadError at its line. */
function writeOrFail(parser: SaxesParser<{ xmlns: true }>, chunk: string | null): FeedReadError | null {
  try {
    if (chunk === null) parser.close();
    else parser.write(chunk);
    return null;
  } catch (error) {
    if (error instanceof FeedReadError) return error;
    return new FeedReadError(
      `the XML is not well-formed: ${error instanceof Error ? error.message : String(error)}`,
      parser.line,
    );
  }
}
