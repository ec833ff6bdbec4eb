import type { Worker } from 'node:worker_threads';
import type { IndexSchema, SearchDocument, SearchRequest, SearchResult } from '@pc/kit/ports/search-index';
import { startWorker } from '@pc/kit/threads/start-worker';

export interface QueryThreadData {
  readonly path: string;
  readonly matchCacheRows: number;
}

/** Messages to a query thread (`query-thread.ts`). */
export type ThreadRequest =
  | { readonly type: 'open'; readonly schema: IndexSchema }
  | { readonly type: 'search'; readonly id: number; readonly name: string; readonly request: SearchRequest };

/** Messages from a query thread. */
export type ThreadReply =
  | { readonly type: 'opened'; readonly name: string }
  | { readonly type: 'open-failed'; readonly name: string; readonly reason: string }
  | { readonly type: 'result'; readonly id: number; readonly result: SearchResult<SearchDocument> }
  | { readonly type: 'failed'; readonly id: number };

export interface QueryThreadsOptions extends QueryThreadData {
  readonly threads: number;
  /**
   * Wait for a free thread instead of answering in the calling thread (tests use it to send
   * every search through a thread). Off in service: the calling thread is the spare.
   */
  readonly waitForThread?: boolean;
  /** Told when a thread cannot open an index or stops; the engine goes on without it. */
  readonly onThreadProblem?: (reason: string) => void;
}

/** Searches a thread holds at once: the one it answers and the next ones, already in its queue. */
const SEARCHES_PER_THREAD = 4;

interface QueryThread {
  readonly worker: Worker;
  /** Indices this thread has open. */
  readonly ready: Set<string>;
  /** Opens still running in it: it answers nothing else meanwhile. */
  opening: number;
  /** The searches sent to it and not answered yet, by message id (at most `SEARCHES_PER_THREAD`). */
  readonly sent: Map<number, Job>;
  stopped: boolean;
}

/** A search waiting for a thread or for its turn in the calling thread. */
interface Job {
  readonly name: string;
  readonly request: SearchRequest;
  /** Runs the search in the calling thread (where its errors are raised). */
  readonly here: () => Promise<SearchResult<SearchDocument>>;
  readonly resolve: (result: SearchResult<SearchDocument>) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Worker threads that answer searches over the same index file, so that searches use more
 * than one core (one search is synchronous work of up to tens of ms at a million documents).
 * Each thread holds its own in-memory columns (memory grows by one copy of them per thread) and
 * follows the writer's commits through the change log.
 *
 * Searches queue in arrival order. When the threads are idle the calling thread answers the
 * oldest; otherwise the threads are given searches first, up to four each (the one a thread
 * answers and the next ones, so it starts them at once instead of waiting for this thread to read
 * its answer, which waits while this thread runs a search itself), and the calling thread answers
 * what is left, one per turn of the event loop (in between, the loop reads the threads' answers
 * and new requests).
 */
export class QueryThreads {
  private readonly threads: QueryThread[];
  private readonly queue: Job[] = [];
  private turnScheduled = false;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: QueryThreadsOptions) {
    this.threads = Array.from({ length: options.threads }, () => this.spawn());
  }

  /** Opens an index in every thread (in the background: each takes as long as a load at start). */
  open(schema: IndexSchema): void {
    for (const thread of this.threads) {
      if (thread.stopped) continue;
      thread.opening++;
      post(thread, { type: 'open', schema });
    }
  }

  /** True when no thread is still opening an index (a stopped thread counts as settled). */
  get settled(): boolean {
    return this.threads.every((thread) => thread.stopped || thread.opening === 0);
  }

  /** Answers a search in a thread or, when its turn comes and no thread is free, with `here`. */
  search<D extends SearchDocument>(
    name: string,
    request: SearchRequest,
    here: () => Promise<SearchResult<D>>,
  ): Promise<SearchResult<D>> {
    return new Promise<SearchResult<D>>((resolve, reject) => {
      this.queue.push({ name, request, here, resolve: resolve as Job['resolve'], reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.threads.map(async (thread) => {
        thread.stopped = true;
        await thread.worker.terminate();
      }),
    );
    // Searches still waiting run where they were asked (the closed engine refuses them there).
    for (const job of this.queue.splice(0)) runHere(job);
    for (const thread of this.threads) for (const job of thread.sent.values()) runHere(job);
  }

  /**
   * A lone search is answered here, without a message's round trip or a thread's colder caches
   * (~2 ms at a million documents). Under load the threads are filled first and this thread
   * takes what they have no room for: it also does all the I/O, so it is the busier one.
   */
  private dispatch(): void {
    let reserved = this.threads.every((thread) => thread.sent.size === 0)
      ? this.queue.findIndex((job) => this.mayRunHere(job))
      : -1;
    for (let i = 0; i < this.queue.length;) {
      const job = this.queue[i] as Job;
      const thread = i === reserved ? undefined : this.freeThread(job.name);
      if (thread === undefined) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      if (i < reserved) reserved--;
      this.send(thread, job);
    }
    if (reserved < 0) reserved = this.queue.findIndex((job) => this.mayRunHere(job));
    if (reserved >= 0 && !this.turnScheduled) {
      this.turnScheduled = true;
      setImmediate(() => this.takeTurn());
    }
  }

  private takeTurn(): void {
    this.turnScheduled = false;
    const index = this.queue.findIndex((job) => this.mayRunHere(job));
    if (index < 0) return;
    const [job] = this.queue.splice(index, 1);
    if (job !== undefined) runHere(job);
    this.dispatch();
  }

  private mayRunHere(job: Job): boolean {
    return !this.options.waitForThread || this.closed || !this.anyCanServe(job.name);
  }

  private freeThread(name: string): QueryThread | undefined {
    return this.threads.find(
      (thread) =>
        !thread.stopped && thread.sent.size < SEARCHES_PER_THREAD && thread.opening === 0 && thread.ready.has(name),
    );
  }

  private anyCanServe(name: string): boolean {
    return this.threads.some((thread) => !thread.stopped && (thread.ready.has(name) || thread.opening > 0));
  }

  private send(thread: QueryThread, job: Job): void {
    const id = this.nextId++;
    // A thread with searches to answer keeps the process alive, an idle one does not.
    if (thread.sent.size === 0) thread.worker.ref();
    thread.sent.set(id, job);
    post(thread, { type: 'search', id, name: job.name, request: job.request });
  }

  private spawn(): QueryThread {
    const data: QueryThreadData = { path: this.options.path, matchCacheRows: this.options.matchCacheRows };
    const thread: QueryThread = {
      worker: startWorker(__filename, 'query-thread', data),
      ready: new Set(),
      opening: 0,
      sent: new Map(),
      stopped: false,
    };
    thread.worker.on('message', (reply: ThreadReply) => this.received(thread, reply));
    thread.worker.on('error', (error) => this.stopped(thread, `a query thread failed: ${error.message}`));
    thread.worker.on('exit', (code) => this.stopped(thread, `a query thread exited with code ${code}`));
    // An idle thread must not keep a process alive that is otherwise done.
    thread.worker.unref();
    return thread;
  }

  private received(thread: QueryThread, reply: ThreadReply): void {
    if (reply.type === 'opened' || reply.type === 'open-failed') {
      thread.opening--;
      if (reply.type === 'opened') thread.ready.add(reply.name);
      else this.options.onThreadProblem?.(`a query thread could not open index ${reply.name}: ${reply.reason}`);
    } else {
      const job = thread.sent.get(reply.id);
      if (job === undefined) return;
      thread.sent.delete(reply.id);
      if (thread.sent.size === 0) thread.worker.unref();
      // A search that failed there (bad input) runs here, which raises its error as without threads.
      if (reply.type === 'result') job.resolve(reply.result);
      else runHere(job);
    }
    this.dispatch();
  }

  private stopped(thread: QueryThread, reason: string): void {
    if (thread.stopped) return;
    thread.stopped = true;
    const sent = [...thread.sent.values()];
    thread.sent.clear();
    for (const job of sent) runHere(job);
    if (!this.closed) this.options.onThreadProblem?.(reason);
    this.dispatch();
  }
}

function post(thread: QueryThread, message: ThreadRequest): void {
  thread.worker.postMessage(message);
}

function runHere(job: Job): void {
  job.here().then(job.resolve, job.reject);
}
