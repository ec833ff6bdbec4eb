import {
  Server,
  ServerCredentials,
  status as GrpcStatus,
  type sendUnaryData,
  type ServerUnaryCall,
} from '@grpc/grpc-js';
import { EchoServiceService, type EchoRequest, type EchoResponse } from '@pc/proto/testing/v1/echo';
import { InvalidArgumentError } from '../errors/domain-errors.js';
import { RpcError, toStatus } from '../errors/grpc-errors.js';
import { eventually } from '../testing/eventually.js';
import { closeAllChannels } from './channel-pool.js';
import { createServiceClient } from './client.js';

// The kit's client runs its own gRPC transport; these tests hold it to the protocol against a
// stock grpc-js server, as it would meet any third-party gRPC service.

interface Seen {
  metadata?: Record<string, unknown>;
  deadline?: number;
  cancelled?: Promise<void>;
}

function startGrpcJsServer(seen: Seen, port = 0): Promise<{ server: Server; port: number }> {
  const server = new Server();
  server.addService(EchoServiceService, {
    echo: (call: ServerUnaryCall<EchoRequest, EchoResponse>, callback: sendUnaryData<EchoResponse>) => {
      const req = call.request;
      seen.metadata = call.metadata.getMap();
      const deadline = call.getDeadline();
      seen.deadline = deadline instanceof Date ? deadline.getTime() : deadline;
      seen.cancelled = new Promise((resolve) => call.once('cancelled', () => resolve()));
      if (req.failWith === 'invalid_argument') {
        const status = toStatus(new InvalidArgumentError([{ field: 'message', reason: 'must not be empty' }]));
        return callback({ code: status.code, details: status.details, metadata: status.metadata });
      }
      const answer = () => callback(null, { message: req.message, tags: req.tags, amountMinor: req.amountMinor, traceId: '' });
      if (req.delayMs === 0) return answer();
      const timer = setTimeout(answer, req.delayMs);
      call.once('cancelled', () => clearTimeout(timer));
    },
    increment: (_call: unknown, callback: sendUnaryData<{ count: number }>) => callback(null, { count: 1 }),
  });
  return new Promise((resolve, reject) => {
    server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error, boundPort) =>
      error ? reject(error) : resolve({ server, port: boundPort }),
    );
  });
}

const request = (overrides: Partial<EchoRequest> = {}): EchoRequest => ({
  message: 'hello',
  tags: [],
  amountMinor: 0,
  failWith: '',
  delayMs: 0,
  ...overrides,
});

describe('the kit client against a stock grpc-js server', () => {
  const seen: Seen = {};
  let server: Server;
  let address: string;

  beforeAll(async () => {
    const started = await startGrpcJsServer(seen);
    server = started.server;
    address = `127.0.0.1:${started.port}`;
  });

  afterAll(() => {
    closeAllChannels();
    server.forceShutdown();
  });

  const client = () => createServiceClient(EchoServiceService, address, { deadlineMs: 2_000 });

  it('round-trips a unary call', async () => {
    const response = await client().echo(request({ message: 'grüezi', tags: ['a'], amountMinor: 129_900 }));
    expect(response).toMatchObject({ message: 'grüezi', tags: ['a'], amountMinor: 129_900 });
  });

  it('sends metadata, the trace context and the deadline as grpc-timeout', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const sent = Date.now();
    await client().echo(request(), { deadlineMs: 3_000, metadata: { 'X-Tenant': 'ch', traceparent } });
    expect(seen.metadata).toMatchObject({ 'x-tenant': 'ch', traceparent });
    expect(seen.deadline).toBeGreaterThan(sent + 2_500);
    expect(seen.deadline).toBeLessThanOrEqual(Date.now() + 3_000);
  });

  it('decodes an error status and its structured detail', async () => {
    const error = await client().echo(request({ failWith: 'invalid_argument' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: 'message: must not be empty',
      violations: [expect.objectContaining({ field: 'message', reason: 'must not be empty' })],
    });
  });

  it('fails with DEADLINE_EXCEEDED and cancels the call on the server', async () => {
    seen.cancelled = undefined;
    const started = Date.now();
    await expect(client().echo(request({ delayMs: 2_000 }), { deadlineMs: 150 })).rejects.toMatchObject({
      code: GrpcStatus.DEADLINE_EXCEEDED,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(seen.cancelled).resolves.toBeUndefined();
  });

  it('cancels on the AbortSignal (CANCELLED here, RST_STREAM there)', async () => {
    const controller = new AbortController();
    seen.cancelled = undefined;
    const call = client().echo(request({ delayMs: 2_000 }), { signal: controller.signal });
    // Aborted only once the server has the call: before, there would be nothing to cancel there.
    await eventually(() => seen.cancelled !== undefined);
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: GrpcStatus.CANCELLED });
    await expect(seen.cancelled).resolves.toBeUndefined();
  });

  it('answers UNAVAILABLE while nothing listens and reconnects once a server is back', async () => {
    const { server: first, port } = await startGrpcJsServer({});
    const target = `127.0.0.1:${port}`;
    const writes = createServiceClient(EchoServiceService, target, { deadlineMs: 1_000 });
    await expect(writes.echo(request())).resolves.toMatchObject({ message: 'hello' });

    first.forceShutdown();
    await expect(writes.echo(request())).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });

    const { server: second } = await startGrpcJsServer({}, port);
    let outcome: unknown;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      outcome = await writes.echo(request({ message: 'back' })).catch((e: unknown) => e);
      if (!(outcome instanceof RpcError)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    second.forceShutdown();
    expect(outcome).toMatchObject({ message: 'back' });
  });
});
