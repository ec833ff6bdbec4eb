import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { fromServiceError, RpcError } from '../../errors/grpc-errors.js';
import type { MethodDefinition } from '../service-types.js';
import type { Channel } from './channel.js';
import { decompressMessage } from './decompress.js';
import { formatGrpcTimeout } from './grpc-timeout.js';
import type { StreamStarter } from './http2/client-connection.js';
import type { HeaderMap } from './http2/header-collector.js';
import { ErrorCode } from './http2/protocol.js';
import { CloseReason, type Http2Stream } from './http2/stream.js';
import { MessageReader, type MessageSink } from './message-framing.js';
import { requestHeaders } from './request-headers.js';
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

/** Sends a unary call on the channel; resolves with the decoded response or rejects with an RpcError. */
export function callUnary(channel: Channel, method: MethodDefinition, request: unknown, options: UnaryCallOptions): Promise<unknown> {
  return new Promise((resolve, reject) => new ClientCall(method, options, resolve, reject).start(channel, request));
}

/**
 * One outbound unary call on one HTTP/2 stream. The call is the stream's listener, its abort
 * listener and its deadline timer's argument: no closures per call.
 */
class ClientCall implements StreamStarter, MessageSink {
  private stream: Http2Stream | undefined;
  private readonly reader: MessageReader;
  private fields: string[] = [];
  private message: Uint8Array | undefined;
  private payload: Buffer | undefined;
  private compressed = false;
  private messages = 0;
  private httpStatus = 0;
  private contentType = '';
  private encoding: unknown;
  private status: HeaderMap | undefined;
  private timer: NodeJS.Timeout | undefined;
  private settled = false;
  private connectionError = '';

  constructor(
    private readonly method: MethodDefinition,
    private readonly options: UnaryCallOptions,
    private readonly resolve: (response: unknown) => void,
    private readonly reject: (error: RpcError) => void,
  ) {
    this.reader = new MessageReader(this, options.maxReceiveLength);
  }

  get abandoned(): boolean {
    return this.settled;
  }

  start(channel: Channel, request: unknown): void {
    const { signal, deadline } = this.options;
    if (signal?.aborted) return this.fail(GrpcStatus.CANCELLED, 'Cancelled on client');
    const timeoutMs = deadline - Date.now();
    if (!(timeoutMs > 0)) return this.fail(GrpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded before the call started');
    try {
      this.message = this.method.requestSerialize(request);
    } catch {
      return this.fail(GrpcStatus.INTERNAL, 'Error serializing request');
    }
    try {
      const connection = channel.connection();
      this.fields = requestHeaders(this.method.path, connection.authority, formatGrpcTimeout(timeoutMs), this.options);
      this.timer = setTimeout(onDeadline, timeoutMs, this);
      signal?.addEventListener('abort', this);
      connection.request(this);
    } catch (error) {
      if (error instanceof TransportError) return this.fail(error.code, error.details);
      throw error;
    }
  }

  startStream(stream: Http2Stream): void {
    this.stream = stream;
    stream.sendHeaders(this.fields, false);
    stream.sendMessage(this.message as Uint8Array, true);
    this.message = undefined;
  }

  streamRefused(): void {
    this.fail(GrpcStatus.UNAVAILABLE, 'connection closed before the call started');
  }

  onMessage(payload: Buffer, compressed: boolean): void {
    this.messages += 1;
    this.payload = payload;
    this.compressed = compressed;
  }

  onHeaders(stream: Http2Stream, headers: HeaderMap): void {
    if (this.httpStatus !== 0) {
      this.status = headers;
      return;
    }
    this.httpStatus = Number(headers[':status']);
    this.contentType = String(headers['content-type'] ?? '');
    this.encoding = headers['grpc-encoding'];
    // "Trailers-only": an error answered without a body carries its status in the headers.
    if (headers['grpc-status'] !== undefined) this.status = headers;
  }

  onData(stream: Http2Stream, data: Buffer): void {
    // A body that is not gRPC (an HTTP error page, a proxy) is not parsed as messages.
    if (this.settled || data.length === 0 || !this.contentType.startsWith('application/grpc')) return;
    try {
      this.reader.push(data);
    } catch (error) {
      const failure = error as TransportError;
      this.cancel(failure.code, failure.details);
    }
  }

  onClose(stream: Http2Stream, reason: CloseReason, code: number): void {
    if (this.settled) return;
    if (reason === CloseReason.CONNECTION_LOST) this.connectionError = stream.connectionError();
    // A complete answer counts even if the server then reset the stream to stop our upload (§8.1).
    if (this.status && stream.remoteEnded) return this.complete(this.status);
    this.fail(...this.statusWithoutTrailers(reason, code));
  }

  onDrain(): void {}

  /** The AbortSignal of the caller fired. */
  handleEvent(): void {
    this.cancel(GrpcStatus.CANCELLED, 'Cancelled on client');
  }

  /** Ends the call here and tells the server (RST_STREAM CANCEL) to stop working on it. */
  cancel(code: GrpcStatus, details: string): void {
    if (this.settled) return;
    this.fail(code, details);
    this.stream?.reset(ErrorCode.CANCEL);
  }

  private complete(status: HeaderMap): void {
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
  private statusWithoutTrailers(reason: CloseReason, code: number): [GrpcStatus, string] {
    switch (reason) {
      case CloseReason.CONNECTION_LOST:
        // The server stopped or the network failed: worth a retry elsewhere or later.
        return [GrpcStatus.UNAVAILABLE, this.connectionError || 'connection lost before the server answered'];
      case CloseReason.REFUSED:
        return [GrpcStatus.UNAVAILABLE, 'the server went away (GOAWAY) before processing the call'];
      case CloseReason.PEER_RESET:
        return [statusFromRstCode(code), `Stream reset by the server with code ${code}`];
      case CloseReason.LOCAL_RESET:
        if (code === ErrorCode.ENHANCE_YOUR_CALM) return [GrpcStatus.RESOURCE_EXHAUSTED, 'Response header list too large'];
        return [GrpcStatus.INTERNAL, `Malformed response from the server (reset with code ${code})`];
    }
    if (this.httpStatus !== 200) return [statusFromHttpStatus(this.httpStatus), `Received HTTP status code ${this.httpStatus}`];
    if (!this.contentType.startsWith('application/grpc')) {
      return [GrpcStatus.UNKNOWN, `Received a response that is not gRPC (content-type ${JSON.stringify(this.contentType)})`];
    }
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

function onDeadline(call: ClientCall): void {
  call.cancel(GrpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded');
}
