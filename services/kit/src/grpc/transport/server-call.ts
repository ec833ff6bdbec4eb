import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import type { MethodDefinition } from '../service-types.js';
import { decompressMessage } from './decompress.js';
import { parseGrpcTimeout } from './grpc-timeout.js';
import type { HeaderMap } from './http2/header-collector.js';
import { CloseReason, type Http2Stream, type StreamListener } from './http2/stream.js';
import { MessageReader, type MessageSink } from './message-framing.js';
import { encodeGrpcMessage } from './status-mapping.js';
import { TransportError } from './transport-error.js';

/** Serves one method: called once the request message has arrived and decoded. */
export interface Route {
  readonly definition: MethodDefinition;
  readonly handle: (call: ServerCall) => void;
}

/** Told when a call ends before its handler answered: the caller cancelled or the deadline passed. */
export interface CancelListener {
  cancel(): void;
}

// Shared, never mutated: a unary answer allocates no header lists.
const RESPONSE_HEADERS: readonly string[] = [':status', '200', 'content-type', 'application/grpc'];
const OK_TRAILERS: readonly string[] = ['grpc-status', '0'];
// Request headers that are transport, not metadata for the handler (what grpc-js strips too).
const TRANSPORT_HEADERS = ['grpc-timeout', 'grpc-encoding', 'grpc-accept-encoding', 'accept-encoding', 'te', 'content-type'];

/**
 * One inbound call on one HTTP/2 stream: reads the single request message, enforces the
 * `grpc-timeout` deadline, notices cancellation (RST_STREAM, connection loss), and answers with
 * messages and the `grpc-status`/`grpc-message` trailers. A unary answer's HEADERS, DATA and
 * trailers leave in one socket write. The call is its stream's listener: no closures per call.
 */
export class ServerCall implements StreamListener, MessageSink {
  request: unknown = undefined;
  /** Epoch ms; Infinity when the caller set no deadline. */
  readonly deadline: number;
  cancelListener: CancelListener | undefined = undefined;
  /** The status the call ended with (what metrics record); undefined while it runs. */
  statusCode: GrpcStatus | undefined = undefined;
  private headersSent = false;
  private payload: Buffer | undefined = undefined;
  private compressed = false;
  private messages = 0;
  private timer: NodeJS.Timeout | undefined = undefined;
  private readonly reader: MessageReader;
  private parsedMetadata: Metadata | undefined = undefined;
  private drainWaiter: (() => void) | undefined = undefined;

  constructor(
    readonly stream: Http2Stream,
    readonly headers: HeaderMap,
    private readonly route: Route,
    private readonly maxReceiveLength: number,
  ) {
    this.reader = new MessageReader(this, maxReceiveLength);
    stream.listener = this;
    const timeoutMs = parseGrpcTimeout(headers['grpc-timeout']);
    if (Number.isNaN(timeoutMs)) {
      this.deadline = Infinity;
      this.sendError(GrpcStatus.INTERNAL, 'Malformed grpc-timeout');
    } else if (timeoutMs === Infinity) {
      this.deadline = Infinity;
    } else {
      this.deadline = Date.now() + timeoutMs;
      this.timer = setTimeout(onDeadline, timeoutMs, this);
    }
  }

  get method(): string {
    return this.route.definition.path;
  }

  get finished(): boolean {
    return this.statusCode !== undefined;
  }

  get cancelled(): boolean {
    return this.statusCode === GrpcStatus.CANCELLED || this.statusCode === GrpcStatus.DEADLINE_EXCEEDED;
  }

  get traceparent(): string | undefined {
    const value = this.headers.traceparent;
    return typeof value === 'string' ? value : undefined;
  }

  /** The caller's metadata, parsed on first use: most handlers never look. */
  get metadata(): Metadata {
    if (!this.parsedMetadata) {
      this.parsedMetadata = Metadata.fromHttp2Headers(this.headers);
      for (const key of TRANSPORT_HEADERS) this.parsedMetadata.remove(key);
    }
    return this.parsedMetadata;
  }

  onMessage(payload: Buffer, compressed: boolean): void {
    this.messages += 1;
    this.payload = payload;
    this.compressed = compressed;
  }

  /** Answers a unary call: HEADERS, the message, then OK trailers. Returns the status sent. */
  sendUnary(response: unknown): GrpcStatus {
    if (this.finished) return this.statusCode as GrpcStatus;
    const message = this.serialize(response);
    if (!message) return GrpcStatus.INTERNAL;
    this.finish(GrpcStatus.OK);
    this.stream.sendHeaders(RESPONSE_HEADERS, false);
    this.stream.sendMessage(message, false);
    this.stream.sendTrailers(OK_TRAILERS);
    return GrpcStatus.OK;
  }

  /** Sends one message of a server stream; false when the caller is slow (wait for `drained`). */
  write(message: unknown): boolean {
    if (this.finished) return true;
    const encoded = this.serialize(message);
    if (!encoded) return true;
    this.sendHeaders();
    return this.stream.sendMessage(encoded, false);
  }

  /** Resolves when flow control let the queued messages go, or the call is over. */
  drained(): Promise<void> {
    if (this.finished || this.stream.queuedBytes === 0) return Promise.resolve();
    return new Promise((resolve) => (this.drainWaiter = resolve));
  }

  /** Ends a server stream with OK. */
  end(): GrpcStatus {
    if (this.finished) return this.statusCode as GrpcStatus;
    this.finish(GrpcStatus.OK);
    this.sendHeaders();
    this.stream.sendTrailers(OK_TRAILERS);
    return GrpcStatus.OK;
  }

  /** Ends the call with an error status; before any message that is a single "trailers-only" HEADERS frame. */
  sendError(code: GrpcStatus, details: string, metadata?: Metadata): GrpcStatus {
    if (this.finished) return this.statusCode as GrpcStatus;
    this.finish(code);
    const trailers = ['grpc-status', String(code), 'grpc-message', encodeGrpcMessage(details)];
    const extra = metadata?.toHttp2Headers() ?? {};
    for (const name in extra) {
      const value = extra[name];
      for (const item of Array.isArray(value) ? value : [value]) trailers.push(name, String(item));
    }
    if (this.headersSent) this.stream.sendTrailers(trailers);
    else this.stream.sendHeaders([...RESPONSE_HEADERS, ...trailers], true);
    return code;
  }

  private sendHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.stream.sendHeaders(RESPONSE_HEADERS, false);
  }

  private serialize(message: unknown): Buffer | undefined {
    try {
      return this.route.definition.responseSerialize(message);
    } catch {
      this.sendError(GrpcStatus.INTERNAL, 'Error serializing response');
      return undefined;
    }
  }

  private finish(code: GrpcStatus): void {
    this.statusCode = code;
    if (this.timer) clearTimeout(this.timer);
  }

  onHeaders(): void {
    // Client streaming is not served: trailers from a client end the request like END_STREAM does.
  }

  onData(stream: Http2Stream, data: Buffer, endStream: boolean): void {
    if (this.finished) return;
    if (data.length > 0) {
      try {
        this.reader.push(data);
      } catch (error) {
        this.rejectInput(error);
        return;
      }
    }
    if (endStream) this.dispatch();
  }

  onClose(stream: Http2Stream, reason: CloseReason): void {
    if (reason !== CloseReason.DONE) this.abort(GrpcStatus.CANCELLED);
    this.onDrain();
  }

  onDrain(): void {
    const waiter = this.drainWaiter;
    this.drainWaiter = undefined;
    waiter?.();
  }

  /** The request is complete: decode it and hand the call to its handler. */
  private dispatch(): void {
    if (this.reader.hasPartialMessage || this.messages !== 1) {
      this.sendError(GrpcStatus.INTERNAL, this.messages === 0 ? 'Request message missing' : 'Expected exactly one request message');
      return;
    }
    if (this.compressed) {
      decompressMessage(this.payload as Buffer, this.headers['grpc-encoding'], this.maxReceiveLength).then(
        (payload) => this.decodeAndHandle(payload),
        (error: TransportError) => this.sendError(error.code, error.details),
      );
      return;
    }
    this.decodeAndHandle(this.payload as Buffer);
  }

  private decodeAndHandle(payload: Buffer): void {
    if (this.finished) return;
    try {
      this.request = this.route.definition.requestDeserialize(payload);
    } catch {
      this.sendError(GrpcStatus.INTERNAL, 'Error deserializing request');
      return;
    }
    this.payload = undefined;
    this.route.handle(this);
  }

  /** The stream closed or the deadline passed while the call ran. */
  abort(code: GrpcStatus.CANCELLED | GrpcStatus.DEADLINE_EXCEEDED): void {
    if (this.finished) return;
    if (code === GrpcStatus.DEADLINE_EXCEEDED) this.sendError(code, 'Deadline exceeded');
    else this.finish(code);
    this.cancelListener?.cancel();
  }

  /** A frame that could not be read (too large): fail the call, stop reading. */
  private rejectInput(error: unknown): void {
    const failure = error instanceof TransportError ? error : new TransportError(GrpcStatus.INTERNAL, 'Malformed request');
    this.sendError(failure.code, failure.details);
    this.cancelListener?.cancel();
  }
}

function onDeadline(call: ServerCall): void {
  call.abort(GrpcStatus.DEADLINE_EXCEEDED);
}
