import type { EventBus } from '@pc/kit/ports/event-bus';
import { sameSnapshot, snapshotIngest, type IngestSnapshot } from './ingest-progress.js';
import type { PlatformClients } from './clients.js';

export type IngestOutcome = 'done' | 'stalled' | 'timeout';

export interface WaitOptions {
  readonly timeoutMs: number;
  /** No change for this long ends the wait as 'stalled'. */
  readonly stallMs: number;
  readonly pollMs: number;
  readonly onProgress: (snapshot: IngestSnapshot, elapsedMs: number) => void;
}

/**
 * Polls until the services have applied everything: no backlog in the consumer groups, twice in
 * a row (an event in flight between two groups shows up in neither), and equal counts. Ends early
 * as 'stalled' when nothing moves for `stallMs` (a consumer that stopped), or at the timeout.
 */
export async function waitForIngest(
  clients: PlatformClients,
  bus: EventBus,
  options: WaitOptions,
): Promise<{ outcome: IngestOutcome; snapshot: IngestSnapshot }> {
  const started = Date.now();
  let previous: IngestSnapshot | null = null;
  let lastChange = started;
  for (;;) {
    const snapshot = await snapshotIngest(clients, bus);
    const elapsed = Date.now() - started;
    options.onProgress(snapshot, elapsed);
    const settled = previous !== null && sameSnapshot(previous, snapshot);
    if (snapshot.backlog === 0 && settled) return { outcome: 'done', snapshot };
    if (previous === null || !settled) lastChange = Date.now();
    if (Date.now() - lastChange >= options.stallMs) return { outcome: 'stalled', snapshot };
    if (elapsed >= options.timeoutMs) return { outcome: 'timeout', snapshot };
    previous = snapshot;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
}
