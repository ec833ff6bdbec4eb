import { sameSnapshot, snapshotIngest, type IngestSnapshot } from './ingest-progress.js';
import type { PlatformClients } from './clients.js';

export type IngestOutcome = 'done' | 'stalled' | 'timeout';

export interface WaitOptions {
  readonly shopIds: readonly string[];
  /** Shops that got at least one offer: these must all be up to date. */
  readonly shopsWithOffers: number;
  readonly now: Date;
  readonly timeoutMs: number;
  /** No change for this long (after something changed) ends the wait as 'stalled'. */
  readonly stallMs: number;
  readonly pollMs: number;
  readonly onProgress: (snapshot: IngestSnapshot, elapsedMs: number) => void;
}

/**
 * Polls until the services have applied everything: every shop's offers confirmed at "now" and
 * the search total settled (two equal looks in a row). Ends early as 'stalled' when nothing moves
 * for `stallMs` (a service without that part yet, or a consumer that stopped), or at the timeout.
 */
export async function waitForIngest(clients: PlatformClients, options: WaitOptions): Promise<{ outcome: IngestOutcome; snapshot: IngestSnapshot }> {
  const started = Date.now();
  let previous: IngestSnapshot | null = null;
  let lastChange = started;
  for (;;) {
    const snapshot = await snapshotIngest(clients, options.shopIds, options.now);
    const elapsed = Date.now() - started;
    options.onProgress(snapshot, elapsed);
    const offersDone = snapshot.shopsUpToDate !== null && snapshot.shopsUpToDate >= options.shopsWithOffers;
    const settled = previous !== null && sameSnapshot(previous, snapshot);
    if (offersDone && settled) return { outcome: 'done', snapshot };
    if (previous === null || !settled) lastChange = Date.now();
    if (Date.now() - lastChange >= options.stallMs) return { outcome: 'stalled', snapshot };
    if (elapsed >= options.timeoutMs) return { outcome: 'timeout', snapshot };
    previous = snapshot;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
}
