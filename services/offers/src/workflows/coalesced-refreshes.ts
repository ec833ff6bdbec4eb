/** Most offers a joined run names; past that it is "any offer may have changed". */
export const MAX_NAMED_OFFERS = 8;

/** What a refresh is asked for: see SummaryRefresher.refresh. */
export interface RefreshCause {
  readonly changedAt: Date | undefined;
  /** The offers whose changes asked for it; undefined: any offer may have changed. */
  readonly changedOfferIds: readonly string[] | undefined;
}

interface KeyState {
  running: Promise<void>;
  /** The run that callers arriving now join; it starts when `running` ends. */
  next: { promise: Promise<void>; cause: RefreshCause } | null;
}

/**
 * Coalesces refreshes of one product's summary in one country: a request made while a refresh of
 * that summary is under way joins the next one, which starts when the running one ends and covers
 * the earliest `changedAt` of everyone who joined. Each caller's promise settles after a refresh
 * that began after its request, so it reflects every offer the caller wrote before asking. The
 * joined run names the changed offers of all joiners, as long as each joiner named its own.
 *
 * Why: offers are ingested concurrently, and a feed lists many offers of one product together; each
 * refresh reads all of the product's offers, and concurrent ones conflicted on the summary's version
 * and read them again.
 */
export class CoalescedRefreshes {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly refresh: (productId: string, country: string, cause: RefreshCause) => Promise<void>) {}

  request(productId: string, country: string, cause: RefreshCause): Promise<void> {
    const key = `${productId}\u0000${country}`;
    const state = this.keys.get(key);
    if (!state) return this.start(key, productId, country, cause);
    if (state.next) {
      state.next.cause = joined(state.next.cause, cause);
      return state.next.promise;
    }
    const next: NonNullable<KeyState['next']> = { cause, promise: Promise.resolve() };
    next.promise = state.running
      .catch(() => undefined)
      .then(() => {
        state.next = null;
        return this.start(key, productId, country, next.cause);
      });
    state.next = next;
    return next.promise;
  }

  private start(key: string, productId: string, country: string, cause: RefreshCause): Promise<void> {
    const running = this.refresh(productId, country, cause);
    const state = this.keys.get(key);
    if (state) state.running = running;
    else this.keys.set(key, { running, next: null });
    void running
      .catch(() => undefined)
      .then(() => {
        const current = this.keys.get(key);
        if (current && current.running === running && !current.next) this.keys.delete(key);
      });
    return running;
  }
}

function joined(a: RefreshCause, b: RefreshCause): RefreshCause {
  return {
    changedAt: earliest(a.changedAt, b.changedAt),
    changedOfferIds: namedBoth(a.changedOfferIds, b.changedOfferIds),
  };
}

function namedBoth(a: readonly string[] | undefined, b: readonly string[] | undefined): readonly string[] | undefined {
  if (a === undefined || b === undefined) return undefined;
  const both = [...new Set([...a, ...b])];
  return both.length <= MAX_NAMED_OFFERS ? both : undefined;
}

function earliest(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (!a || !b) return a ?? b;
  return a < b ? a : b;
}
