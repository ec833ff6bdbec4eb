import { closeSync, fsync, openSync } from 'node:fs';
import { UnavailableError } from '../../../errors/domain-errors.js';

export type FsyncFile = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => void;

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Makes commits durable off the event loop: an fsync of the WAL file on libuv's thread pool.
 *
 * The connection runs with synchronous=NORMAL, so a COMMIT only writes its WAL frames (into the
 * OS page cache); SQLite syncs the WAL itself only before a checkpoint. `durable()` resolves once
 * an fsync that started after the call has finished: every frame written before it, header
 * included, is then on disk, which is all a power cut's recovery needs (the frames' checksums
 * chain, and a WAL is only rewritten from its start after a checkpoint synced it into the
 * database file). Commits that arrive while an fsync runs share the next one.
 *
 * A failed fsync is final: it may have dropped the dirty pages, so a later one succeeding would
 * prove nothing (PostgreSQL's "fsyncgate"). Every later `durable()` rejects, `failed` is true, and
 * the owner refuses writes until a restart recovers from the disk.
 *
 * Why (ADR 036): with synchronous=FULL SQLite fsyncs inside COMMIT, and better-sqlite3 runs that
 * on the event loop, which then waits for the disk (~10 % of offers' ingest on the 5k data dir).
 */
export class WalSync {
  private fd: number | null = null;
  private running = false;
  /** Waiting for the fsync that runs now (it started after they asked). */
  private current: Waiter[] = [];
  /** Asked while one ran: they need the next one. */
  private next: Waiter[] = [];
  private closed = false;
  private failure: UnavailableError | null = null;

  /** `fsyncFile`: node's fsync; a test gives its own to hold or fail it (a disk error cannot be made on demand). */
  constructor(
    private readonly walPath: string,
    private readonly fsyncFile: FsyncFile = fsync,
  ) {}

  /** True once an fsync failed: nothing written since can be made durable. */
  get failed(): boolean {
    return this.failure !== null;
  }

  /**
   * Resolves once everything committed before the call is on disk. Rejects with
   * `UnavailableError` if the fsync failed, or any earlier one did.
   */
  durable(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.failure) reject(this.failure);
      else if (this.closed) reject(new UnavailableError(`${this.walPath}: closed`));
      else {
        (this.running ? this.next : this.current).push({ resolve, reject });
        if (!this.running) this.start();
      }
    });
  }

  /** After the database closed: an fsync still running settles its waiters, none starts. */
  close(): void {
    this.closed = true;
    if (!this.running) this.closeFile();
  }

  private start(): void {
    let fd: number;
    try {
      fd = this.open();
    } catch (error) {
      this.fail(error);
      return;
    }
    this.running = true;
    this.fsyncFile(fd, (error) => {
      this.running = false;
      if (error) {
        this.fail(error);
        if (this.closed) this.closeFile();
        return;
      }
      const settled = this.current;
      this.current = this.next;
      this.next = [];
      if (this.closed) {
        this.closeFile();
        this.rejectWaiting(new UnavailableError(`${this.walPath}: closed`));
      } else if (this.current.length > 0) this.start();
      for (const waiter of settled) waiter.resolve();
    });
  }

  private fail(cause: unknown): void {
    this.failure = new UnavailableError(`could not make the commits to ${this.walPath} durable (${String(cause)}): restart the service`, { cause });
    this.rejectWaiting(this.failure);
  }

  private rejectWaiting(error: Error): void {
    const waiting = [...this.current, ...this.next];
    this.current = [];
    this.next = [];
    for (const waiter of waiting) waiter.reject(error);
  }

  /** Opened on first use: the WAL file exists once the first transaction began. */
  private open(): number {
    this.fd ??= openSync(this.walPath, 'r');
    return this.fd;
  }

  private closeFile(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}
