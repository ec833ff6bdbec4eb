import { status as GrpcStatus } from '@grpc/grpc-js';
import { EchoServiceService, type CountToResponse, type EchoRequest } from '@pc/proto/testing/v1/echo';
import { RpcError } from '../errors/grpc-errors.js';
import { eventually } from '../testing/eventually.js';
import { closeAllChannels } from './channel-pool.js';
import { createServiceClient, type CallOptions } from './client.js';
import { CANCELLED_KEY } from './testing/echo-service.js';
import { startEchoServer, type EchoServerProcess } from './testing/echo-server-process.js';

const echo = (fields: Partial<EchoRequest> = {}): EchoRequest => ({
  message: '',
  tags: [],
  amountMinor: 0,
  failWith: '',
  delayMs: 0,
  ...fields,
});

/** The kit's client in this process against the kit's server in another. */
describe('gRPC between two processes (kit client → kit server on grpc-js)', () => {
  let server: EchoServerProcess;
  let client: ReturnType<typeof createServiceClient<typeof EchoServiceService>>;

  beforeAll(async () => {
    server = await startEchoServer();
    client = createServiceClient(EchoServiceService, `127.0.0.1:${server.port}`, { deadlineMs: 5_000 });
  });

  afterAll(async () => {
    closeAllChannels();
    await server.stop();
  });

  const collect = async (messages: AsyncIterable<CountToResponse>): Promise<number[]> => {
    const seen: number[] = [];
    for await (const message of messages) seen.push(message.n);
    return seen;
  };
  const cancelledOnServer = async (): Promise<number> =>
    (await client.getCount({ key: CANCELLED_KEY, failUnavailable: false })).count;

  it('round-trips a request through the generated codecs', async () => {
    const response = await client.echo(echo({ message: 'grüezi 🧀', tags: ['a', 'b'], amountMinor: 129_900 }));
    expect(response).toMatchObject({ message: 'grüezi 🧀', tags: ['a', 'b'], amountMinor: 129_900 });
  });

  it('hands the caller metadata to the handler, and the trace id of its traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await client.echo(echo(), {
      metadata: { 'x-echo-tenant': 'ch', 'x-other': 'no', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.metadata).toEqual({ 'x-echo-tenant': 'ch' });
    expect(response.traceId).toBe(traceId);
  });

  it.each([
    ['not_found', GrpcStatus.NOT_FOUND, 'product p-1 not found'],
    ['failed_precondition', GrpcStatus.FAILED_PRECONDITION, 'shop is not confirmed'],
    ['crash', GrpcStatus.INTERNAL, 'internal error'],
  ])('maps a %s failure to its status', async (failWith, code, details) => {
    await expect(client.echo(echo({ failWith }))).rejects.toMatchObject({ code, details });
  });

  it('never leaks the message of an unknown error', async () => {
    const error = await client.echo(echo({ failWith: 'crash' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).not.toContain('secret');
  });

  it('sends field violations with INVALID_ARGUMENT (the ErrorDetail in the trailers)', async () => {
    await expect(client.echo(echo({ failWith: 'invalid_argument' }))).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'message', reason: 'must not be empty' }],
    });
  });

  it('fails a call that outlives its deadline with DEADLINE_EXCEEDED, and the handler sees it end', async () => {
    const before = await cancelledOnServer();
    await expect(client.echo(echo({ delayMs: 10_000 }), { deadlineMs: 150 })).rejects.toMatchObject({
      code: GrpcStatus.DEADLINE_EXCEEDED,
    });
    await eventually(async () => (await cancelledOnServer()) > before);
  });

  it('cancels a call on the AbortSignal, on both ends', async () => {
    const before = await cancelledOnServer();
    const controller = new AbortController();
    const call = client.echo(echo({ delayMs: 10_000 }), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ code: GrpcStatus.CANCELLED });
    await eventually(async () => (await cancelledOnServer()) > before);
  });

  it('carries a message of several megabytes, and refuses one over the limit with RESOURCE_EXHAUSTED', async () => {
    const message = 'ü'.repeat(3_000_000);
    expect((await client.echo(echo({ message }))).message).toBe(message);
    await expect(client.echo(echo({ message: 'x'.repeat(17 * 1024 * 1024) }))).rejects.toMatchObject({
      code: GrpcStatus.RESOURCE_EXHAUSTED,
    });
  });

  it('streams server messages in order, past the flow-control windows', async () => {
    expect(await collect(client.countTo({ to: 5, failAfter: 0, intervalMs: 0, paddingBytes: 0 }))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    const large = await collect(client.countTo({ to: 200, failAfter: 0, intervalMs: 0, paddingBytes: 64 * 1024 }));
    expect(large).toHaveLength(200);
    expect(large.at(-1)).toBe(200);
  });

  it('ends a stream with the handler’s error after the messages sent before it', async () => {
    const seen: number[] = [];
    const failure = (async () => {
      for await (const message of client.countTo({ to: 10, failAfter: 3, intervalMs: 0, paddingBytes: 0 }))
        seen.push(message.n);
    })();
    await expect(failure).rejects.toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      details: 'failed after 3 messages',
    });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('stops the server’s stream when the consumer stops reading, or the stream’s deadline passes', async () => {
    let before = await cancelledOnServer();
    for await (const message of client.countTo({ to: 1_000, failAfter: 0, intervalMs: 20, paddingBytes: 0 }))
      if (message.n === 2) break;
    await eventually(async () => (await cancelledOnServer()) > before);

    before = await cancelledOnServer();
    const slow = collect(
      client.countTo({ to: 1_000, failAfter: 0, intervalMs: 50, paddingBytes: 0 }, {
        deadlineMs: 300,
      } satisfies CallOptions),
    );
    await expect(slow).rejects.toMatchObject({ code: GrpcStatus.DEADLINE_EXCEEDED });
    await eventually(async () => (await cancelledOnServer()) > before);
  });

  it('retries reads on UNAVAILABLE (three attempts) but never a write', async () => {
    await expect(client.getCount({ key: 'read', failUnavailable: true })).rejects.toMatchObject({
      code: GrpcStatus.UNAVAILABLE,
    });
    await expect(client.increment({ key: 'write', failUnavailable: true })).rejects.toMatchObject({
      code: GrpcStatus.UNAVAILABLE,
    });
    expect((await client.getCount({ key: 'read', failUnavailable: false })).count).toBe(3);
    expect((await client.getCount({ key: 'write', failUnavailable: false })).count).toBe(1);
  });
});
