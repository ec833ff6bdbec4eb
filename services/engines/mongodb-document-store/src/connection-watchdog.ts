/** What the watchdog needs of the driver's client: mongoose's `connection.getClient()`. */
export interface ReconnectableClient {
  close(): Promise<void>;
  connect(): Promise<unknown>;
}

export interface ConnectionWatchdogOptions {
  /** How long every call may fail to find the server before the client is rebuilt. */
  readonly stuckAfterMs: number;
  readonly clock?: () => number;
  readonly onReconnect?: (outcome: { ok: boolean; error?: unknown }) => void;
}

// A call that never reached a server: the driver's view of the topology says there is none.
const SELECTION_FAILURES = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);
const nameOf = (error: unknown): unknown => (error as { name?: unknown } | null)?.name;
/** The error itself or what it wraps (our own errors keep the driver's as `cause`). */
const isSelectionFailure = (error: unknown): boolean =>
  [error, (error as { cause?: unknown } | null)?.cause].some((e) => SELECTION_FAILURES.has(nameOf(e) as string));

/**
 * Rebuilds the driver's connection to the server when server selection has failed for every call
 * for `stuckAfterMs`. Normally the driver's monitor finds a restarted server by itself within a
 * heartbeat. After FerretDB restarts in CI it sometimes never did: every call failed with the
 * same "connection 1 closed" for minutes while the server answered new clients. Closing and
 * reconnecting the same client keeps every collection handle valid. While the server is really
 * away the reconnect fails, and the next one waits another `stuckAfterMs`.
 */
export class ConnectionWatchdog {
  private failingSince: number | null = null;
  private reconnecting: Promise<void> | null = null;
  private readonly clock: () => number;

  constructor(
    private readonly client: ReconnectableClient,
    private readonly options: ConnectionWatchdogOptions,
  ) {
    this.clock = options.clock ?? Date.now;
  }

  succeeded(): void {
    this.failingSince = null;
  }

  failed(error: unknown): void {
    if (!isSelectionFailure(error)) return;
    const now = this.clock();
    if (this.failingSince === null) {
      this.failingSince = now;
      return;
    }
    if (this.reconnecting || now - this.failingSince < this.options.stuckAfterMs) return;
    this.reconnecting = this.reconnect().finally(() => {
      this.reconnecting = null;
      this.failingSince = this.clock();
    });
  }

  /** Resolves once a reconnect in progress (if any) has ended: for tests and close(). */
  async settled(): Promise<void> {
    await this.reconnecting;
  }

  private async reconnect(): Promise<void> {
    try {
      await this.client.close();
      await this.client.connect();
      this.options.onReconnect?.({ ok: true });
    } catch (error) {
      this.options.onReconnect?.({ ok: false, error });
    }
  }
}
