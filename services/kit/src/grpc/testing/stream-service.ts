import type { MethodDefinition } from '../service-types.js';

/**
 * A server-streaming method for the transport's tests (proto/testing has none): JSON codecs,
 * so a stock grpc-js client can call it with `makeServerStreamRequest` and the same functions.
 */
export interface CountRequest {
  readonly to: number;
  /** Fail with FAILED_PRECONDITION after this many messages (0 = never). */
  readonly failAfter: number;
  /** Bytes of padding per message, to fill flow-control windows. */
  readonly padding: number;
}

export interface CountMessage {
  readonly n: number;
  readonly padding: string;
}

export const toJson = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
export const fromJson = <T>(bytes: Buffer): T => JSON.parse(bytes.toString('utf8')) as T;

export const CountService = {
  countTo: {
    path: '/pricecompare.testing.v1.CountService/CountTo',
    requestStream: false,
    responseStream: true,
    requestSerialize: toJson,
    requestDeserialize: (bytes: Buffer) => fromJson<CountRequest>(bytes),
    responseSerialize: toJson,
    responseDeserialize: (bytes: Buffer) => fromJson<CountMessage>(bytes),
  } satisfies MethodDefinition<CountRequest, CountMessage>,
} as const;
