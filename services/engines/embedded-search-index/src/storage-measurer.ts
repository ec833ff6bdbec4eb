import type { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { IndexStorage } from '@pc/kit/ports/search-index';
import { indexPageBytes } from './index-pages.js';
import { startWorker } from '@pc/kit/threads/start-worker';

export interface StorageThreadData {
  readonly path: string;
}

/** A message to the storage thread (`storage-thread.ts`): measure index number `num`. */
export interface StorageRequest {
  readonly id: number;
  readonly num: number;
}

export type StorageReply =
  { readonly id: number; readonly bytes: number } | { readonly id: number; readonly error: string };

/** Measurements are reused this long: dbstat reads every page, seconds for a multi-GB index. */
export const DEFAULT_STORAGE_MAX_AGE_MS = 5 * 60 * 1000;

interface Pending {
  readonly resolve: (bytes: number) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Sizes of the file's indices on disk, measured in one worker thread (started at the first ask)
 * and kept per index for `maxAgeMs`: a status page or a metrics scrape reads a recent
 * measurement, and asks that arrive while one runs share it. An in-memory database has no file
 * another connection could read; its (small) indices are measured on the calling connection.
 */
export class StorageMeasurer {
  private readonly measured = new Map<number, IndexStorage>();
  private readonly running = new Map<number, Promise<IndexStorage>>();
  private readonly pending = new Map<number, Pending>();
  private worker: Worker | null = null;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly db: Database,
    /** The file, or null for ':memory:'. */
    private readonly path: string | null,
    private readonly maxAgeMs: number,
  ) {}

  storage(num: number): Promise<IndexStorage> {
    const last = this.measured.get(num);
    if (last !== undefined && Date.now() - last.measuredAt.getTime() < this.maxAgeMs) return Promise.resolve(last);
    const running = this.running.get(num);
    if (running !== undefined) return running;
    const measurement = this.measure(num)
      .then((bytes) => {
        const storage = { bytes, measuredAt: new Date() };
        this.measured.set(num, storage);
        return storage;
      })
      .finally(() => this.running.delete(num));
    this.running.set(num, measurement);
    return measurement;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failPending('the embedded search index is closed');
    await worker?.terminate();
  }

  private measure(num: number): Promise<number> {
    if (this.closed) return Promise.reject(new UnavailableError('the embedded search index is closed'));
    if (this.path === null) return Promise.resolve(indexPageBytes(this.db, num));
    const worker = this.thread(this.path);
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      // A thread with a measurement to answer keeps the process alive, an idle one does not.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, num } satisfies StorageRequest);
    });
  }

  private thread(path: string): Worker {
    if (this.worker !== null) return this.worker;
    const worker = startWorker(__filename, 'storage-thread', { path } satisfies StorageThreadData);
    worker.on('message', (reply: StorageReply) => this.received(reply));
    // A failed thread fails what it was asked; the next ask starts a new one.
    const lost = (reason: string): void => {
      if (this.worker === worker) this.worker = null;
      this.failPending(reason);
    };
    worker.on('error', (error) => lost(`the storage thread failed: ${error.message}`));
    worker.on('exit', (code) => lost(`the storage thread exited with code ${code}`));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private received(reply: StorageReply): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if ('bytes' in reply) waiting.resolve(reply.bytes);
    else waiting.reject(new UnavailableError(`measuring the index's size failed: ${reply.error}`));
  }

  private failPending(reason: string): void {
    for (const waiting of this.pending.values()) waiting.reject(new UnavailableError(reason));
    this.pending.clear();
  }
}
