import type { Metadata, ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { Caller } from '../identity/caller.js';
import type { CallContext } from './service-types.js';

/** What the context needs of grpc-js's server call. */
export type InboundCall = ServerUnaryCall<unknown, unknown> | ServerWritableStream<unknown, unknown>;

/**
 * The context of one inbound call. The AbortSignal is created only when a handler asks for it,
 * so the many calls that never do pay nothing for it. It aborts when grpc-js reports the call
 * cancelled: the caller went away or cancelled, or the deadline passed (grpc-js has then sent
 * DEADLINE_EXCEEDED, so a handler that gives up on its signal cannot answer first). grpc-js also
 * reports every call cancelled once its status is sent: `finish` before answering keeps that
 * from aborting a signal whose handler is done.
 */
export class InboundCallContext implements CallContext {
  private controller: AbortController | undefined;
  private onCancelled: (() => void) | undefined;
  /** Set by the handler wrapper once the caller is verified. */
  caller: Caller | undefined;

  constructor(
    private readonly call: InboundCall,
    readonly log: Logger,
  ) {}

  get method(): string {
    return this.call.getPath();
  }

  get metadata(): Metadata {
    return this.call.metadata;
  }

  get deadline(): number {
    const deadline = this.call.getDeadline();
    return deadline instanceof Date ? deadline.getTime() : deadline;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = new AbortController();
      this.controller = controller;
      if (this.call.cancelled) controller.abort(new Error('call cancelled'));
      else {
        this.onCancelled = () => controller.abort(new Error('call cancelled'));
        this.call.once('cancelled', this.onCancelled);
      }
    }
    return this.controller.signal;
  }

  /** The handler is done: the signal no longer follows the call. */
  finish(): void {
    if (this.onCancelled) this.call.off('cancelled', this.onCancelled);
  }

  get isCancelled(): boolean {
    return this.call.cancelled;
  }
}
