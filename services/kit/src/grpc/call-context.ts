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
 * The context of one inbound call. The AbortSignal is created only when a handler asks for it, so
 * the many calls that never do pay nothing for it. It aborts when the transport ends the call
 * (`cancel`): at the deadline the transport has sent DEADLINE_EXCEEDED by then. A timer of its own
 * could fire first, and a handler that gives up on its signal would then answer INTERNAL.
 */
export class InboundCallContext implements CallContext {
  private controller: AbortController | undefined;
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
      if (this.cancelled || this.call.cancelled) this.controller.abort(new Error('call cancelled'));
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
}
