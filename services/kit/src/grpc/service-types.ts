import type { Metadata } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { Caller } from '../identity/caller.js';

/**
 * Types derived from a ts-proto service definition (`XServiceService`), so handlers and clients
 * are plain async functions typed by the generated request and response messages.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generated definitions' own codec types
export interface MethodDefinition<Req = any, Res = any> {
  readonly path: string;
  readonly requestStream: boolean;
  readonly responseStream: boolean;
  readonly requestSerialize: (value: Req) => Buffer;
  readonly requestDeserialize: (bytes: Buffer) => Req;
  readonly responseSerialize: (value: Res) => Buffer;
  readonly responseDeserialize: (bytes: Buffer) => Res;
}

export type ServiceDefinition = Readonly<Record<string, MethodDefinition>>;

// Inferred from the decoders: the serializers' parameters would make the types contravariant.
export type RequestOf<M> = M extends { requestDeserialize: (bytes: Buffer) => infer Req } ? Req : never;
export type ResponseOf<M> = M extends { responseDeserialize: (bytes: Buffer) => infer Res } ? Res : never;

/** What a handler knows about the call besides its request. */
export interface CallContext {
  /** The method's full path, e.g. `/pricecompare.catalog.v1.CatalogService/GetProduct`. */
  readonly method: string;
  readonly metadata: Metadata;
  /** Aborted when the caller cancels or the call's deadline passes: pass it to I/O. */
  readonly signal: AbortSignal;
  /** The call's deadline (epoch ms), Infinity when the caller set none. */
  readonly deadline: number;
  /** A logger carrying the method and trace ids. */
  readonly log: Logger;
  /** The verified caller (principal and signed-in user); undefined only in a process without an identity. */
  readonly caller?: Caller | undefined;
}

type Handler<M> = M extends { responseStream: true }
  ? (request: RequestOf<M>, context: CallContext) => AsyncIterable<ResponseOf<M>>
  : (request: RequestOf<M>, context: CallContext) => Promise<ResponseOf<M>>;

/** The implementation of a service: one async function per RPC (client streaming is not used). */
export type ServiceHandlers<D extends ServiceDefinition> = { readonly [K in keyof D]: Handler<D[K]> };

/** One gRPC service to serve: its generated definition, its name for health, its handlers. */
export interface ServiceRegistration<D extends ServiceDefinition = ServiceDefinition> {
  readonly name: string;
  readonly definition: D;
  readonly handlers: ServiceHandlers<D>;
}

/** Pairs a definition with handlers, checking their types against each other. */
export function serviceRegistration<D extends ServiceDefinition>(
  name: string,
  definition: D,
  handlers: ServiceHandlers<D>,
): ServiceRegistration {
  return { name, definition, handlers } as unknown as ServiceRegistration;
}
