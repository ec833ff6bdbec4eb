import {
  constants,
  type ClientHttp2Session,
  type ClientHttp2Stream,
  type IncomingHttpHeaders,
  type IncomingHttpStatusHeader,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { fromServiceError, RpcError } from '../../errors/grpc-errors.js';
import type { MethodDefinition } from '../service-types.js';
import type { Channel } from './channel.js';
import { decompressMessage } from './decompress.js';
import { formatGrpcTimeout } from './grpc-timeout.js';
import { frameMessage, MessageReader, type MessageSink } from './message-framing.js';
import { decodeGrpcMessage, statusFromHttpStatus, statusFromRstCode } from './status-mapping.js';
import { TransportError } from './transport-error.js';

export interface UnaryCallOptions {
  /** Epoch ms. Sent as `grpc-timeout` and enforced here too: the server may be the one that hangs. */
  readonly deadline: number;
  readonly traceparent?: string | undefined;
  readonly metadata?: Readonly<Record<string, string>> | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly maxReceiveLength: number;
}

const USER_AGENT = `pc-kit-grpc/0.1 node/${process.versions.node}`;
// Metadata names are lower-case tokens; the transport's own headers are not the caller's to set.
const METADATA_KEY = /^[0-9a-z_.-]+$/;
const RESERVED_KEYS = new Set(['content-type', 'te', 'user-agent', 'grpc-timeout', 'grpc-encoding', 'grpc-accept-encoding']);

const CALL = Symbol('ClientCall');
type CallStream = ClientHttp2Stream & { [CALL]?: ClientCall };

/** Sends a unary call on the channel; resolves with the decoded response or rejects with an RpcError. */
export function callUnary(channel: Channel, method: MethodDefinition, request: unknown, options: UnaryCallOptions): Promise<unknown> {
  return new Promise((resolve, reject) => new ClientCall(method, options, resolve, reject).start(channel, request));
}

function requestHeaders(method: MethodDefinition, timeoutMs: number, options: UnaryCallOptions): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    ':method': 'POST',
    ':path': method.path,
    'content-type': 'application/grpc',
    te: 'trailers',
    'grpc-timeout': formatGrpcTimeout(timeoutMs),
    'user-agent': USER_AGENT,
  };
  if (options.traceparent) headers.traceparent = options.traceparent;
  if (options.metadata) {
    for (const [key, value] of Object.entries(options.metadata)) {
      const name = key.toLowerCase();
      if (!METADATA_KEY.test(name) || RESERVED_KEYS.has(name) || name.startsWith('grpc-')) {
        throw new TransportError(GrpcStatus.INTERNAL, `metadata key ${JSON.stringify(key)} is not allowed`);
      }
      headers[name] = value;
    }
  }
  return headers;
}

/**
 * One outbound unary call on one HTTP/2 stream. Stream events go to shared functions that find
 * the call through a symbol, and the call itself is the abort listener: no closures per call.
 */
class ClientCall implements MessageSink {
  private session: ClientHttp2Session | undefined;
  private stream: ClientHttp2Stream | undefined;
  private readonly reader: MessageReader;
  private payload: Buffer | undefined;
  private compressed = false;
  private messages = 0;
  private httpStatus = 0;
  private contentType = '';
  private encoding: unknown;
  private status: IncomingHttpHeaders | undefined;
  private streamError: (Error & { code?: string }) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private settled = false;

  constructor(
    private readonly method: MethodDefinition,
    private readonly options: UnaryCallOptions,
    private readonly resolve: (response: unknown) => void,
    private readonly reject: (error: RpcError) => void,
  ) {
    this.reader = new MessageReader(this, options.maxReceiveLength);
  }

  start(channel: Channel, request: unknown): void {
    const { signal, deadline } = this.options;
    if (signal?.aborted) return this.fail(GrpcStatus.CANCELLED, 'Cancelled on client');
    const timeoutMs = deadline - Date.now();
    if (!(timeoutMs > 0)) return this.fail(GrpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded before the call started');
    let frame: Buffer;
    let headers: OutgoingHttpHeaders;
    let stream: CallStream;
    try {
      frame = frameMessage(this.method.requestSerialize(request));
      headers = requestHeaders(this.method, timeoutMs, this.options);
    } catch (error) {
      if (error instanceof TransportError) return this.fail(error.code, error.details);
      return this.fail(GrpcStatus.INTERNAL, 'Error serializing request');
    }
    try {
      this.session = channel.session();
      stream = this.session.request(headers);
    } catch (error) {
      if (error instanceof TransportError) return this.fail(error.code, error.details);
      const code = (error as { code?: string }).code;
      // A session that is closing or gone is worth a retry; invalid headers are our own bug.
      const unavailable = code === 'ERR_HTTP2_INVALID_SESSION' || code === 'ERR_HTTP2_GOAWAY_SESSION';
      return this.fail(unavailable ? GrpcStatus.UNAVAILABLE : GrpcStatus.INTERNAL, `could not start a call to ${channel.address}: ${(error as Error).message}`);
    }
    this.stream = stream;
    stream[CALL] = this;
    stream.on('response', onResponse);
    stream.on('data', onData);
    stream.on('trailers', onTrailers);
    stream.on('error', onError);
    stream.on('close', onClose);
    stream.end(frame);
    this.timer = setTimeout(onDeadline, timeoutMs, this);
    signal?.addEventListener('abort', this);
  }

  onMessage(payload: Buffer, compressed: boolean): void {
    this.messages += 1;
    this.payload = payload;
    this.compressed = compressed;
  }

  onResponse(headers: IncomingHttpHeaders & IncomingHttpStatusHeader): void {
    this.httpStatus = headers[':status'] ?? 0;
    this.contentType = String(headers['content-type'] ?? '');
    this.encoding = headers['grpc-encoding'];
    // "Trailers-only": an error answered without a body carries its status in the headers.
    if (headers['grpc-status'] !== undefined) this.status = headers;
  }

  onTrailers(trailers: IncomingHttpHeaders): void {
    this.status = trailers;
  }

  onStreamError(error: Error): void {
    this.streamError = error;
  }

  readChunk(chunk: Buffer): void {
    // A body that is not gRPC (an HTTP error page, a proxy) is not parsed as messages.
    if (this.settled || !this.contentType.startsWith('application/grpc')) return;
    try {
      this.reader.push(chunk);
    } catch (error) {
      const failure = error as TransportError;
      this.cancel(failure.code, failure.details);
    }
  }

  /** The AbortSignal of the caller fired. */
  handleEvent(): void {
    this.cancel(GrpcStatus.CANCELLED, 'Cancelled on client');
  }

  /** Ends the call here and tells the server (RST_STREAM CANCEL) to stop working on it. */
  cancel(code: GrpcStatus, details: string): void {
    if (this.settled) return;
    this.fail(code, details);
    this.stream?.close(constants.NGHTTP2_CANCEL);
  }

  /** The stream is closed: everything the server sent has arrived. */
  complete(): void {
    if (this.settled) return;
    const status = this.status;
    if (!status) return this.fail(...this.statusWithoutTrailers());
    const code = Number(status['grpc-status']) as GrpcStatus;
    if (code !== GrpcStatus.OK) {
      const details = decodeGrpcMessage(status['grpc-message']);
      const error = Object.assign(new Error(details), { code, details, metadata: Metadata.fromHttp2Headers(status) });
      return this.settle(undefined, fromServiceError(error as ServiceError));
    }
    if (this.messages !== 1 || this.reader.hasPartialMessage) {
      return this.fail(GrpcStatus.INTERNAL, `Expected one response message, received ${this.messages}`);
    }
    if (this.compressed) {
      decompressMessage(this.payload as Buffer, this.encoding, this.options.maxReceiveLength).then(
        (payload) => this.decode(payload),
        (error: TransportError) => this.fail(error.code, error.details),
      );
      return;
    }
    this.decode(this.payload as Buffer);
  }

  private decode(payload: Buffer): void {
    let response: unknown;
    try {
      response = this.method.responseDeserialize(payload);
    } catch {
      return this.fail(GrpcStatus.INTERNAL, 'Failed to parse server response');
    }
    this.settle(response, undefined);
  }

  /** A stream that ended without `grpc-status`: what the HTTP status, the connection or the reset say. */
  private statusWithoutTrailers(): [GrpcStatus, string] {
    const answered = this.httpStatus !== 0;
    if (answered && this.httpStatus !== 200) {
      return [statusFromHttpStatus(this.httpStatus), `Received HTTP status code ${this.httpStatus}`];
    }
    if (answered && !this.contentType.startsWith('application/grpc')) {
      return [GrpcStatus.UNKNOWN, `Received a response that is not gRPC (content-type ${JSON.stringify(this.contentType)})`];
    }
    // The connection failed or went away (server stopped, network): worth a retry elsewhere or later.
    if (this.session?.destroyed || this.streamError?.code === 'ERR_HTTP2_STREAM_CANCEL') {
      return [GrpcStatus.UNAVAILABLE, this.streamError?.message ?? 'connection lost before the server answered'];
    }
    const rstCode = this.stream?.rstCode ?? constants.NGHTTP2_NO_ERROR;
    if (rstCode !== constants.NGHTTP2_NO_ERROR) return [statusFromRstCode(rstCode), `Stream reset by the server with code ${rstCode}`];
    if (!answered) return [GrpcStatus.UNAVAILABLE, this.streamError?.message ?? 'stream closed before the server answered'];
    return [GrpcStatus.INTERNAL, 'Server ended the call without a grpc-status'];
  }

  fail(code: GrpcStatus, details: string): void {
    this.settle(undefined, new RpcError(code, details));
  }

  private settle(response: unknown, error: RpcError | undefined): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer) clearTimeout(this.timer);
    this.options.signal?.removeEventListener('abort', this);
    if (error) this.reject(error);
    else this.resolve(response);
  }
}

function callOf(stream: ClientHttp2Stream): ClientCall {
  return (stream as CallStream)[CALL] as ClientCall;
}

function onResponse(this: ClientHttp2Stream, headers: IncomingHttpHeaders & IncomingHttpStatusHeader): void {
  callOf(this).onResponse(headers);
}

function onData(this: ClientHttp2Stream, chunk: Buffer): void {
  callOf(this).readChunk(chunk);
}

function onTrailers(this: ClientHttp2Stream, trailers: IncomingHttpHeaders): void {
  callOf(this).onTrailers(trailers);
}

function onError(this: ClientHttp2Stream, error: Error): void {
  callOf(this).onStreamError(error);
}

function onClose(this: ClientHttp2Stream): void {
  callOf(this).complete();
}

function onDeadline(call: ClientCall): void {
  call.cancel(GrpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded');
}
