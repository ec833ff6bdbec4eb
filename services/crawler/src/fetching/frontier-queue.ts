import { Request, type IRequestManager, type RequestQueueOperationInfo } from '@crawlee/core';
import type { VisitTask } from './visit-task.js';

/**
 * crawlee's request manager over our frontier (ADR 039b): the dispatcher hands it the visits it
 * chose from the durable `urls` collection (one per host at a time), crawlee's pool takes them
 * from here. Nothing is kept once handled — the frontier in the store is the queue that lasts —
 * so a crawler running for months holds only the visits in progress.
 */
export class FrontierQueue implements IRequestManager {
  private readonly ready: Request<VisitTask>[] = [];
  private handled = 0;
  private total = 0;
  private closed = false;

  /** `onDropped`: a visit crawlee gave back without handling it (its host is free again). */
  constructor(private readonly onDropped: (task: VisitTask) => void) {}

  /** Adds a visit the dispatcher chose; `onReady` wakes crawlee's pool. */
  push(task: VisitTask): void {
    this.total += 1;
    this.ready.push(
      new Request<VisitTask>({ url: task.url, uniqueKey: `${task.urlId}:${task.visit}`, userData: task }),
    );
  }

  close(): void {
    this.closed = true;
  }

  get length(): number {
    return this.ready.length;
  }

  async isFinished(): Promise<boolean> {
    return this.closed && this.ready.length === 0;
  }

  async isEmpty(): Promise<boolean> {
    return this.ready.length === 0;
  }

  async handledCount(): Promise<number> {
    return this.handled;
  }

  getTotalCount(): number {
    return this.total;
  }

  getPendingCount(): number {
    return this.ready.length;
  }

  async fetchNextRequest<T extends Record<string, unknown> = Record<string, unknown>>(): Promise<Request<T> | null> {
    return (this.ready.shift() as Request<T> | undefined) ?? null;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Request> {
    for (;;) {
      const next = await this.fetchNextRequest();
      if (next === null) return;
      yield next;
    }
  }

  async markRequestHandled(): Promise<void> {
    this.handled += 1;
  }

  /**
   * crawlee gives a request back to retry it. Retries are the frontier's (with the host's backoff
   * and politeness), so the visit is dropped here and its host freed; the URL stays due.
   */
  async reclaimRequest(request: Request): Promise<RequestQueueOperationInfo | null> {
    this.onDropped(request.userData as VisitTask);
    return null;
  }

  async addRequest(): Promise<RequestQueueOperationInfo> {
    throw new Error('visits enter the crawler through its frontier, not through crawlee');
  }

  async addRequestsBatched(): Promise<never> {
    throw new Error('visits enter the crawler through its frontier, not through crawlee');
  }
}
