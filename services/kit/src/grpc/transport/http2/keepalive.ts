import type { Http2Connection } from './connection.js';

/**
 * Pings the peer every `timeMs`. A peer that does not answer within `timeoutMs` is gone (host
 * died, network partition): the connection is destroyed, so its calls fail now instead of at
 * their deadlines. One timer per connection, none per call; timers never keep the process alive.
 */
export class KeepAlive {
  private interval: NodeJS.Timeout | undefined;
  private timeout: NodeJS.Timeout | undefined;
  private readonly payload = Buffer.alloc(8);
  private readonly waiters = new Map<bigint, () => void>();
  private sequence = 0n;

  constructor(
    private readonly connection: Http2Connection,
    private readonly timeMs: number,
    private readonly timeoutMs: number,
  ) {}

  start(): void {
    if (!(this.timeMs > 0 && Number.isFinite(this.timeMs))) return;
    this.interval = setInterval(() => this.probe(), this.timeMs);
    this.interval.unref();
  }

  /** Sends a PING and calls `onAck` when its ACK arrives (graceful GOAWAY waits for one). */
  ping(onAck: () => void): void {
    this.sequence += 1n;
    this.waiters.set(this.sequence, onAck);
    this.payload.writeBigUInt64BE(this.sequence);
    this.connection.ping(this.payload);
  }

  onPingAck(payload: Buffer): void {
    const sequence = payload.readBigUInt64BE(0);
    const waiter = this.waiters.get(sequence);
    this.waiters.delete(sequence);
    waiter?.();
  }

  stop(): void {
    clearInterval(this.interval);
    clearTimeout(this.timeout);
    this.waiters.clear();
  }

  private probe(): void {
    if (this.timeout || this.connection.closed) return;
    this.timeout = setTimeout(() => this.connection.destroy(), this.timeoutMs);
    this.timeout.unref();
    this.ping(() => {
      clearTimeout(this.timeout);
      this.timeout = undefined;
    });
  }
}
