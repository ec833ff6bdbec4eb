/** How many parsed documents an index keeps (per thread): the hits of recent searches. */
export const PARSED_DOCUMENTS_KEPT = 2048;

/**
 * Recently returned documents by rowid, parsed and frozen: a search's page of hits is read from
 * SQLite and parsed from JSON for every search otherwise, which was about a quarter of the search
 * service's CPU for product rows. `DocValues` forgets a row whenever it learns of the row's
 * change (this connection's commits, another connection's through the change log) and is
 * replaced on a full reload, so a kept document is always the stored one. Documents are frozen
 * because every caller of a search shares them.
 */
export class ParsedDocuments {
  private readonly byRowid = new Map<number, unknown>();

  constructor(private readonly kept = PARSED_DOCUMENTS_KEPT) {}

  /** The row's document, parsed by `read` when it is not kept (undefined: the row has none). */
  get(rowid: number, read: (rowid: number) => string | undefined): unknown {
    const known = this.byRowid.get(rowid);
    if (known !== undefined) return known;
    const json = read(rowid);
    if (json === undefined) return undefined;
    const document = deepFreeze(JSON.parse(json) as unknown);
    // The oldest kept first out: a bound on memory, not a measure of use.
    if (this.byRowid.size >= this.kept) this.byRowid.delete(this.byRowid.keys().next().value as number);
    this.byRowid.set(rowid, document);
    return document;
  }

  forget(rowid: number): void {
    this.byRowid.delete(rowid);
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
