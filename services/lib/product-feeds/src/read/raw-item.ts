import type { FieldName } from '../fields/field-names.js';

/** A value of an item: text, or a group of sub-fields (a `g:shipping` element, a shipping column). */
export type RawValue = string | Readonly<Record<string, string>>;

/** One item of a feed as read, before validation. */
export interface RawItem {
  /** 1-based: the line a CSV/TSV row starts on, or the position of an XML item among the items. */
  readonly position: number;
  /** The attributes validation uses, each with its values in document order (most have one). */
  readonly values: ReadonlyMap<FieldName, readonly RawValue[]>;
  /** Cells of a CSV/TSV row when their number differs from the header's (the row is rejected). */
  readonly cellCountMismatch?: { readonly expected: number; readonly found: number };
}

/** A feed that cannot be read as its format (not a feed, malformed XML, broken quoting): nothing after it is trusted. */
export class FeedReadError extends Error {
  constructor(
    message: string,
    /** The line (CSV/TSV, XML) where reading stopped, when known. */
    readonly line?: number,
  ) {
    super(message);
    this.name = 'FeedReadError';
  }
}
