import type { UrlKind } from '../domain/records.js';

/** What crawlee carries for one visit (a Request's userData): which URL, of which host. */
export interface VisitTask {
  readonly urlId: string;
  readonly url: string;
  readonly host: string;
  readonly kind: UrlKind;
  /** A unique number per visit: crawlee requests are one-off. */
  readonly visit: number;
}
