import { status as GrpcStatus } from '@grpc/grpc-js';
import { EchoServiceService } from '@pc/proto/testing/v1/echo';
import { pino } from 'pino';
import { RpcError } from '../errors/grpc-errors.js';
import { closeAllChannels } from './channel-pool.js';
import { createServiceClient } from './client.js';
import { createGrpcServer, type GrpcServer } from './server.js';
import { echoService } from './testing/echo-service.js';

const logger = pino({ level: 'silent' });

describe('gRPC server and client factories', () => {
  let server: GrpcServer;
  let address: string;
  const counters = new Map<string, number>();

  beforeAll(async () => {
    server = createGrpcServer({ services: [echoService(counters)], logger, graceMs: 2_000 });
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });

  afterAll(async () => {
    closeAllChannels();
    await server.shutdown();
  });

  const client = () => createServiceClient(EchoServiceService, address, { deadlineMs: 2_000 });

  it('round-trips a request through the generated codecs', async () => {
    const response = await client().echo({ message: 'grüezi', tags: ['a', 'b'], amountMinor: 129_900, failWith: '', delayMs: 0 });
    expect(response).toMatchObject({ message: 'grüezi', tags: ['a', 'b'], amountMinor: 129_900 });
  });

  it('carries the caller trace id into the handler', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await client().echo(
      { message: 'x', tags: [], amountMinor: 0, failWith: '', delayMs: 0 },
      { metadata: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } },
    );
    expect(response.traceId).toBe(traceId);
  });

  it.each([
    ['not_found', GrpcStatus.NOT_FOUND, 'product p-1 not found'],
    ['failed_precondition', GrpcStatus.FAILED_PRECONDITION, 'shop is not confirmed'],
    ['crash', GrpcStatus.INTERNAL, 'internal error'],
  ])('maps a %s failure to its status', async (failWith, code, details) => {
    const failure = client().echo({ message: '', tags: [], amountMinor: 0, failWith, delayMs: 0 });
    await expect(failure).rejects.toMatchObject({ code, details });
  });

  it('never leaks the message of an unknown error', async () => {
    const error = await client()
      .echo({ message: '', tags: [], amountMinor: 0, failWith: 'crash', delayMs: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).not.toContain('secret');
  });

  it('sends field violations with INVALID_ARGUMENT', async () => {
    const failure = client().echo({ message: '', tags: [], amountMinor: 0, failWith: 'invalid_argument', delayMs: 0 });
    await expect(failure).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'message', reason: 'must not be empty' }],
    });
  });

  it('fails a call that outlives its deadline with DEADLINE_EXCEEDED', async () => {
    const started = Date.now();
    const failure = client().echo({ message: '', tags: [], amountMinor: 0, failWith: '', delayMs: 3_000 }, { deadlineMs: 150 });
    await expect(failure).rejects.toMatchObject({ code: GrpcStatus.DEADLINE_EXCEEDED });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('carries a message of several megabytes (split over many DATA frames)', async () => {
    const message = 'ü'.repeat(3_000_000);
    const response = await client().echo({ message, tags: [], amountMinor: 0, failWith: '', delayMs: 0 });
    expect(response.message).toBe(message);
  });

  it('refuses a request over the receive limit with RESOURCE_EXHAUSTED', async () => {
    const failure = client().echo({ message: 'x'.repeat(17 * 1024 * 1024), tags: [], amountMinor: 0, failWith: '', delayMs: 0 });
    await expect(failure).rejects.toMatchObject({ code: GrpcStatus.RESOURCE_EXHAUSTED });
  });

  it('cancels a call on the AbortSignal', async () => {
    const controller = new AbortController();
    const call = client().echo({ message: '', tags: [], amountMinor: 0, failWith: '', delayMs: 3_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ code: GrpcStatus.CANCELLED });
  });

  it('retries idempotent reads on UNAVAILABLE but never a write', async () => {
    const reads = createServiceClient(EchoServiceService, address, { isIdempotent: () => true, readAttempts: 3 });
    const writes = createServiceClient(EchoServiceService, address, { isIdempotent: () => false });
    await expect(reads.increment({ key: 'unavailable-read' })).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    await expect(writes.increment({ key: 'unavailable-write' })).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    expect(counters.get('unavailable-read')).toBe(3);
    expect(counters.get('unavailable-write')).toBe(1);
  });
});
