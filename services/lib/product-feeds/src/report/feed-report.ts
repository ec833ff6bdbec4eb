import type { Delimiter } from '../read/detect-format.js';
import type { FeedFormat } from '../read/feed-format.js';
import type { FeedIssue } from '../validate/feed-issue.js';

/** How the items compare with the previous analysis of the same feed. */
export interface OfferDelta {
  readonly new: number;
  readonly changed: number;
  readonly unchanged: number;
  /** Ids of the previous set not in this feed. */
  readonly removed: number;
}

/** The analysis of one feed (`npm run feeds:analyze` prints it as JSON). */
export interface FeedReport {
  /** Null when the content was not recognised as a feed at all. */
  readonly format: FeedFormat | null;
  readonly encoding: string | null;
  /** CSV/TSV: the delimiter and whether prices use a decimal comma (null: no price told). */
  readonly delimiter: Delimiter | null;
  readonly decimalComma: boolean | null;
  /** CSV/TSV: header cells no attribute uses. */
  readonly unusedColumns: readonly string[];
  /** Items read (the header row excluded). */
  readonly rows: number;
  readonly valid: number;
  readonly rejected: number;
  /** Rejected items by the reason and by the field of their errors (an item counts once per reason and once per field). */
  readonly rejectedByReason: Readonly<Record<string, number>>;
  readonly rejectedByField: Readonly<Record<string, number>>;
  /** Items with warnings (rejected ones included), counted the same way by their warnings. */
  readonly warnings: number;
  readonly warningsByReason: Readonly<Record<string, number>>;
  readonly warningsByField: Readonly<Record<string, number>>;
  /** The first issues in feed order (errors and warnings), with line or item numbers. */
  readonly samples: readonly FeedIssue[];
  readonly offers: OfferDelta;
  /** Up to 20 removed ids. */
  readonly removedSample: readonly string[];
  /** Which taxonomy categories were checked against ("not loaded": form only). */
  readonly taxonomy: string;
  /** The whole feed was read; false after a read error (the items before it are counted). */
  readonly complete: boolean;
  /** Why reading stopped, with the line when known. */
  readonly error: { readonly message: string; readonly line: number | null } | null;
  readonly bytes: number;
  readonly elapsedMs: number;
}
