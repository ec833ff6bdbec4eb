import type { HostLease } from '../politeness/host-gate.js';

/** A visit given back before any request to the page: its URL stays due. */
export class VisitDeferred extends Error {
  constructor(
    reason: string,
    /** Epoch ms before which the host is not tried again; 0 for at once. */
    readonly notBefore: number,
  ) {
    super(reason);
    this.name = 'VisitDeferred';
  }
}

/** robots.txt forbids the URL, or cannot be read (RFC 9309: then nothing may be fetched). */
export class VisitForbidden extends Error {
  constructor(
    reason: string,
    /** The deciding rule ("Disallow: /cart"), '' when robots.txt is unavailable. */
    readonly rule: string,
    readonly robotsUnavailable: boolean,
  ) {
    super(reason);
    this.name = 'VisitForbidden';
  }
}

/** The page's answer, read in full. */
export interface FetchedPage {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  /** After redirects. */
  readonly url: string;
  readonly contentType: string;
}

/** What a visit needs released when it ends, and when its host may be visited again. */
export interface VisitTurn {
  readonly lease: HostLease;
  /** Epoch ms the request left. */
  readonly at: number;
  readonly delayMs: number;
}
