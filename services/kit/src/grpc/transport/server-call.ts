import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import type { MethodDefinition } from '../service-types.js';
import { decompressMessage } from './decompress.js';
import { parseGrpcTimeout } from './grpc-timeout.js';
import { frameMessage, MessageReader, type MessageSink } from './message-framing.js';
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

// Shared and never mutated (node:http2 copies headers it is given), so a call allocates none.
const RESPONSE_HEADERS: OutgoingHttpHeaders = { ':status': 200, 'content-type': 'application/grpc' };
const OK_TRAILERS: OutgoingHttpHeaders = { 'grpc-status': '0' };
// Request headers that are transport, not metadata for the handler (what grpc-js strips too).
const TRANSPORT_HEADERS = ['grpc-timeout', 'grpc-encoding', 'grpc-accept-encoding', 'accept-encoding', 'te', 'content-type'];

const CALL = Symbol('ServerCall');
type CallStream = ServerHttp2Stream & { [CALL]?: ServerCall };

/**
 * One inbound call on one HTTP/2 stream: reads the single request message, enforces the
 * `grpc-timeout` deadline, notices cancellation (RST_STREAM, connection loss), and answers with
 * messages and the `grpc-status`/`grpc-message` trailers. Stream events go to shared functions
 * that find the call through a symbol, so a call creates no closures.
 */
export class ServerCall implements MessageSink {
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
  private trailers: OutgoingHttpHeaders = OK_TRAILERS;
  private timer: NodeJS.Timeout | undefined = undefined;
  private readonly reader: MessageReader;
  private parsedMetadata: Metadata | undefined = undefined;

  constructor(
    readonly stream: ServerHttp2Stream,
    readonly headers: IncomingHttpHeaders,
    private readonly route: Route,
    private readonly maxReceiveLength: number,
  ) {
    this.reader = new MessageReader(this, maxReceiveLength);
    (stream as CallStream)[CALL] = this;
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('close', onClose);
    stream.on('error', onError);
    stream.on('wantTrailers', onWantTrailers);

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
    if (this.finished || this.goneUnderUs()) return this.statusCode as GrpcStatus;
    const frame = this.serialize(response);
    if (!frame) return GrpcStatus.INTERNAL;
    this.finish(GrpcStatus.OK);
    this.stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
    this.stream.end(frame);
    return GrpcStatus.OK;
  }

  /** Sends one message of a server stream; false when the caller is slow (wait for `drained`). */
  write(message: unknown): boolean {
    if (this.finished || this.goneUnderUs()) return true;
    const frame = this.serialize(message);
    if (!frame) return true;
    this.sendHeaders();
    return this.stream.write(frame);
  }

  /** Resolves when the stream can take more, or is gone. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
    });
  }

  /** Ends a server stream with OK. */
  end(): GrpcStatus {
    if (this.finished || this.goneUnderUs()) return this.statusCode as GrpcStatus;
    this.finish(GrpcStatus.OK);
    this.sendHeaders();
    this.stream.end();
    return GrpcStatus.OK;
  }

  /** Ends the call with an error status; before any message that is a single "trailers-only" HEADERS frame. */
  sendError(code: GrpcStatus, details: string, metadata?: Metadata): GrpcStatus {
    if (this.finished) return this.statusCode as GrpcStatus;
    this.finish(code);
    const trailers: OutgoingHttpHeaders = {
      ...metadata?.toHttp2Headers(),
      'grpc-status': String(code),
      'grpc-message': encodeGrpcMessage(details),
    };
    if (this.stream.destroyed) return code;
    if (this.headersSent) {
      this.trailers = trailers;
      this.stream.end();
    } else {
      this.stream.respond({ ...RESPONSE_HEADERS, ...trailers }, { endStream: true });
    }
    return code;
  }

  /** The stream was destroyed but its 'close' (which cancels the call) has not run yet. */
  private goneUnderUs(): boolean {
    if (!this.stream.destroyed) return false;
    this.abort(GrpcStatus.CANCELLED);
    return true;
  }

  private sendHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
  }

  private serialize(message: unknown): Buffer | undefined {
    try {
      return frameMessage(this.route.definition.responseSerialize(message));
    } catch {
      this.sendError(GrpcStatus.INTERNAL, 'Error serializing response');
      return undefined;
    }
  }

  private finish(code: GrpcStatus): void {
    this.statusCode = code;
    if (this.timer) clearTimeout(this.timer);
  }

  /** The request is complete: decode it and hand the call to its handler. */
  dispatch(): void {
    if (this.finished) return;
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

  /** Called by the stream's 'wantTrailers': OK, or the status of a stream that failed midway. */
  sendTrailers(): void {
    this.stream.sendTrailers(this.trailers);
  }

  /** A frame that could not be read (too large): fail the call, stop reading. */
  rejectInput(error: unknown): void {
    const failure = error instanceof TransportError ? error : new TransportError(GrpcStatus.INTERNAL, 'Malformed request');
    this.sendError(failure.code, failure.details);
    this.cancelListener?.cancel();
  }

  readChunk(chunk: Buffer): void {
    if (this.finished) return;
    try {
      this.reader.push(chunk);
    } catch (error) {
      this.rejectInput(error);
    }
  }
}

function callOf(stream: ServerHttp2Stream): ServerCall {
  return (stream as CallStream)[CALL] as ServerCall;
}

function onData(this: ServerHttp2Stream, chunk: Buffer): void {
  callOf(this).readChunk(chunk);
}

function onEnd(this: ServerHttp2Stream): void {
  callOf(this).dispatch();
}

function onClose(this: ServerHttp2Stream): void {
  callOf(this).abort(GrpcStatus.CANCELLED);
}

function onWantTrailers(this: ServerHttp2Stream): void {
  callOf(this).sendTrailers();
}

// A stream reset by the peer errors; 'close' follows and cancels the call. Without a listener
// the error would crash the process.
function onError(): void {}

function onDeadline(call: ServerCall): void {
  call.abort(GrpcStatus.DEADLINE_EXCEEDED);
}
