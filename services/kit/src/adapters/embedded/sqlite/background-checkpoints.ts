import type { Worker } from 'node:worker_threads';
import { startWorker } from '../start-worker.js';

export interface CheckpointThreadData {
  readonly intervalMs: number;
}

export type CheckpointRequest = { readonly id: number; readonly type: 'add' | 'remove'; readonly path: string };

/** How often the thread backfills each file's WAL. */
const INTERVAL_MS = 200;

/**
 * Checkpoints on a worker thread, one per process for all its SQLite files (ADR 036).
 *
 * A checkpoint copies the WAL's pages into the database file and fsyncs both. SQLite runs it in
 * the COMMIT that fills the WAL past `wal_autocheckpoint`, so on the writer's thread, which is the
 * event loop with better-sqlite3. At a million products a price change dirties pages all over
 * offers' 14 GB file, and each checkpoint then writes and flushes thousands of scattered pages.
 * Here a thread backfills the WAL every 200 ms with PASSIVE checkpoints (they never block the
 * writer), so when the writer's own checkpoint comes it finds little left: it is still what lets
 * the WAL start over from its beginning, which a checkpoint beside a busy writer never can.
 */
class CheckpointThread {
  private readonly worker: Worker;
  private readonly files = new Map<string, number>();
  private readonly waiting = new Map<number, () => void>();
  private nextId = 1;

  constructor(private readonly onIdle: () => void) {
    this.worker = startWorker(__dirname, 'checkpoint-thread', { intervalMs: INTERVAL_MS } satisfies CheckpointThreadData);
    this.worker.unref();
    this.worker.on('message', ({ id }: { id: number }) => {
      this.waiting.get(id)?.();
      this.waiting.delete(id);
    });
    // A thread that died only takes the help away: the writers' own checkpoints still run.
    this.worker.on('error', () => this.settleAll());
    this.worker.on('exit', () => this.settleAll());
  }

  /** Starts checkpointing `path`; the returned function stops it (before the file's writer closes). */
  add(path: string): () => Promise<void> {
    this.files.set(path, (this.files.get(path) ?? 0) + 1);
    if (this.files.get(path) === 1) void this.request('add', path);
    let removed = false;
    return async () => {
      if (removed) return;
      removed = true;
      const left = this.files.get(path)! - 1;
      if (left > 0) {
        this.files.set(path, left);
        return;
      }
      this.files.delete(path);
      await this.request('remove', path);
      if (this.files.size > 0) return;
      // No file left: no idle thread either (a later store starts another).
      this.onIdle();
      await this.worker.terminate();
    };
  }

  private request(type: CheckpointRequest['type'], path: string): Promise<void> {
    const id = this.nextId++;
    return new Promise<void>((resolve) => {
      this.waiting.set(id, resolve);
      try {
        this.worker.postMessage({ id, type, path } satisfies CheckpointRequest);
      } catch {
        this.waiting.delete(id);
        resolve();
      }
    });
  }

  private settleAll(): void {
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }
}

let thread: CheckpointThread | null = null;

/** Checkpoints `path` in the background until the returned function is called (and awaited). */
export function checkpointInBackground(path: string): () => Promise<void> {
  thread ??= new CheckpointThread(() => (thread = null));
  return thread.add(path);
}

