import type { Metadata } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { CallContext } from './service-types.js';

/** What the context needs of the transport's call (its metadata is parsed only when read). */
export interface InboundCall {
  readonly method: string;
  readonly metadata: Metadata;
  readonly deadline: number;
  readonly cancelled: boolean;
}

/**
 * The context of one inbound call. The AbortSignal (and its deadline timer) is created only
 * when a handler asks for it, so the many calls that never do pay nothing for it.
 */
export class InboundCallContext implements CallContext {
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private cancelled = false;

  constructor(
    private readonly call: InboundCall,
    readonly log: Logger,
  ) {}

  get method(): string {
    return this.call.method;
  }

  get metadata(): Metadata {
    return this.call.metadata;
  }

  get deadline(): number {
    return this.call.deadline;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.isCancelled) this.controller.abort(new Error('call cancelled'));
      else if (Number.isFinite(this.deadline)) {
        const remaining = Math.max(0, this.deadline - Date.now());
        this.timer = setTimeout(() => this.controller?.abort(new Error('deadline exceeded')), remaining);
        this.timer.unref();
      }
    }
    return this.controller.signal;
  }

  get isCancelled(): boolean {
    return this.cancelled || this.call.cancelled || Date.now() > this.deadline;
  }

  cancel(): void {
    this.cancelled = true;
    this.controller?.abort(new Error('call cancelled'));
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
