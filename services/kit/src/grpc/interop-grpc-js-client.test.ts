import {
  Client,
  credentials,
  makeGenericClientConstructor,
  Metadata,
  status as GrpcStatus,
  type ClientReadableStream,
  type ServiceError,
} from '@grpc/grpc-js';
import { EchoServiceClient, EchoServiceService, type EchoRequest, type EchoResponse } from '@pc/proto/testing/v1/echo';
import { service as healthService } from 'grpc-health-check';
import { pino } from 'pino';
import { FailedPreconditionError } from '../errors/domain-errors.js';
import { fromServiceError } from '../errors/grpc-errors.js';
import { eventually } from '../testing/eventually.js';
import type { CallContext } from './service-types.js';
import { serviceRegistration } from './service-types.js';
import { createGrpcServer, type GrpcServer } from './server.js';
import { echoService } from './testing/echo-service.js';
import { CountService, fromJson, toJson, type CountMessage, type CountRequest } from './testing/stream-service.js';

// The kit's server runs its own gRPC transport; these tests hold it to the protocol by calling
// it with stock grpc-js clients, as other services, the BFF and the Kubernetes probe do.

const request = (overrides: Partial<EchoRequest> = {}): EchoRequest => ({
  message: 'hello',
  tags: [],
  amountMinor: 0,
  failWith: '',
  delayMs: 0,
  ...overrides,
});

type HealthClient = Client & {
  check(request: { service: string }, callback: (error: ServiceError | null, response?: { status: string }) => void): void;
  watch(request: { service: string }): ClientReadableStream<{ status: string }>;
};
const HealthClientConstructor = makeGenericClientConstructor(healthService, 'grpc.health.v1.Health');

/** Records what the handler saw, so the tests can assert what crossed the wire. */
interface Observed {
  context?: CallContext;
  aborted?: Promise<void>;
}

function probeService(observed: Observed) {
  return serviceRegistration('pricecompare.testing.v1.EchoService', EchoServiceService, {
    echo: async (req, context) => {
      observed.context = context;
      observed.aborted = new Promise((resolve) => context.signal.addEventListener('abort', () => resolve()));
      if (req.delayMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, req.delayMs);
          context.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()));
        });
      }
      return { message: req.message, tags: req.tags, amountMinor: req.amountMinor, traceId: '' };
    },
    increment: async () => ({ count: 1 }),
  });
}

function countService() {
  return serviceRegistration('pricecompare.testing.v1.CountService', CountService, {
    countTo: async function* (req: CountRequest) {
      for (let n = 1; n <= req.to; n += 1) {
        if (req.failAfter && n > req.failAfter) throw new FailedPreconditionError(`stopped after ${req.failAfter}`);
        yield { n, padding: 'x'.repeat(req.padding) };
      }
    },
  });
}

function unary(client: EchoServiceClient, req: EchoRequest, metadata = new Metadata(), deadlineMs = 2_000) {
  return new Promise<EchoResponse>((resolve, reject) => {
    client.echo(req, metadata, { deadline: Date.now() + deadlineMs }, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

function readAll(stream: ClientReadableStream<CountMessage>): Promise<{ messages: CountMessage[]; error?: ServiceError }> {
  const messages: CountMessage[] = [];
  return new Promise((resolve) => {
    stream.on('data', (message: CountMessage) => messages.push(message));
    stream.on('error', (error: ServiceError) => resolve({ messages, error }));
    stream.on('end', () => resolve({ messages }));
  });
}

describe('a stock grpc-js client against the kit server', () => {
  let server: GrpcServer;
  let address: string;
  let echo: EchoServiceClient;
  let health: HealthClient;
  // A second server whose echo handler records its context.
  let probeServer: GrpcServer;
  let probeClient: EchoServiceClient;
  const observed: Observed = {};

  beforeAll(async () => {
    const probe = { ...probeService(observed), name: 'pricecompare.testing.v1.ProbeService' };
    server = createGrpcServer({ services: [echoService(), countService()], logger: pino({ level: 'silent' }), graceMs: 1_000 });
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
    echo = new EchoServiceClient(address, credentials.createInsecure());
    health = new HealthClientConstructor(address, credentials.createInsecure()) as unknown as HealthClient;
    probeServer = createGrpcServer({ services: [probe], logger: pino({ level: 'silent' }), graceMs: 1_000 });
    const probeAddress = `127.0.0.1:${await probeServer.listen('127.0.0.1', 0)}`;
    probeClient = new EchoServiceClient(probeAddress, credentials.createInsecure());
  });

  afterAll(async () => {
    echo.close();
    health.close();
    probeClient.close();
    await Promise.all([server.shutdown(), probeServer.shutdown()]);
  });

  it('answers a unary call of the generated client', async () => {
    const response = await unary(echo, request({ message: 'grüezi', tags: ['a', 'b'], amountMinor: 129_900 }));
    expect(response).toMatchObject({ message: 'grüezi', tags: ['a', 'b'], amountMinor: 129_900 });
  });

  it('sends error statuses with their structured detail in the trailers', async () => {
    const error = (await unary(echo, request({ failWith: 'invalid_argument' })).catch((e: unknown) => e)) as ServiceError;
    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.details).toBe('message: must not be empty');
    expect(fromServiceError(error).violations).toEqual([expect.objectContaining({ field: 'message', reason: 'must not be empty' })]);
  });

  it('answers UNIMPLEMENTED for a method it does not serve', async () => {
    const client = new Client(address, credentials.createInsecure());
    const error = await new Promise<ServiceError | null>((resolve) => {
      client.makeUnaryRequest('/pricecompare.testing.v1.EchoService/Missing', toJson, fromJson, {}, (e) => resolve(e));
    });
    client.close();
    expect(error?.code).toBe(GrpcStatus.UNIMPLEMENTED);
  });

  it('serves the health service to probes: Check and Watch', async () => {
    const check = (service: string) =>
      new Promise<string>((resolve) => health.check({ service }, (error, response) => resolve(error ? GrpcStatus[error.code] : String(response?.status))));
    expect(await check('')).toBe('SERVING');
    expect(await check('pricecompare.testing.v1.EchoService')).toBe('SERVING');
    expect(await check('no.such.Service')).toBe('NOT_FOUND');

    const watch = health.watch({ service: 'pricecompare.testing.v1.EchoService' });
    const statuses: string[] = [];
    const seen = (count: number) =>
      new Promise<void>((resolve) => {
        const onData = (message: { status: string }) => {
          statuses.push(message.status);
          if (statuses.length >= count) resolve();
        };
        watch.on('data', onData);
      });
    watch.on('error', () => {}); // cancelled below
    await seen(1);
    server.setServing('pricecompare.testing.v1.EchoService', false);
    await seen(2);
    server.setServing('pricecompare.testing.v1.EchoService', true);
    watch.cancel();
    expect(statuses.slice(0, 2)).toEqual(['SERVING', 'NOT_SERVING']);
  });

  it('hands the caller metadata and deadline to the handler', async () => {
    const metadata = new Metadata();
    metadata.set('x-tenant', 'ch');
    metadata.set('x-blob-bin', Buffer.from([0, 1, 2]));
    const sent = Date.now();
    await unary(probeClient, request(), metadata, 3_000);
    const context = observed.context as CallContext;
    expect(context.metadata.get('x-tenant')).toEqual(['ch']);
    expect(context.metadata.get('x-blob-bin')).toEqual([Buffer.from([0, 1, 2])]);
    expect(context.metadata.get('grpc-timeout')).toEqual([]);
    expect(context.deadline).toBeGreaterThan(sent + 2_500);
    expect(context.deadline).toBeLessThanOrEqual(Date.now() + 3_000);
  });

  it('aborts the handler when the caller cancels (RST_STREAM)', async () => {
    // Cancelled only once this call's handler runs: before, there would be nothing to abort.
    observed.aborted = undefined;
    const call = probeClient.echo(request({ delayMs: 5_000 }), () => {});
    await eventually(() => observed.aborted !== undefined);
    call.cancel();
    await expect(observed.aborted).resolves.toBeUndefined();
  });

  it('aborts the handler and answers DEADLINE_EXCEEDED when grpc-timeout passes', async () => {
    observed.aborted = undefined;
    const started = Date.now();
    const failure = unary(probeClient, request({ delayMs: 5_000 }), new Metadata(), 150);
    await expect(failure).rejects.toMatchObject({ code: GrpcStatus.DEADLINE_EXCEEDED });
    await expect(observed.aborted).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('accepts gzip-compressed requests', async () => {
    const client = new EchoServiceClient(address, credentials.createInsecure(), { 'grpc.default_compression_algorithm': 2 });
    const response = await unary(client, request({ message: 'z'.repeat(50_000) }));
    client.close();
    expect(response.message).toHaveLength(50_000);
  });

  it('streams many messages with flow control, then OK', async () => {
    const client = new Client(address, credentials.createInsecure());
    const stream = client.makeServerStreamRequest<CountRequest, CountMessage>(CountService.countTo.path, toJson, CountService.countTo.responseDeserialize, {
      to: 2_000,
      failAfter: 0,
      padding: 1_000,
    });
    const { messages, error } = await readAll(stream);
    client.close();
    expect(error).toBeUndefined();
    expect(messages).toHaveLength(2_000);
    expect(messages.at(-1)?.n).toBe(2_000);
  });

  it('ends a stream that fails midway with the error status after its messages', async () => {
    const client = new Client(address, credentials.createInsecure());
    const stream = client.makeServerStreamRequest<CountRequest, CountMessage>(CountService.countTo.path, toJson, CountService.countTo.responseDeserialize, {
      to: 10,
      failAfter: 3,
      padding: 0,
    });
    const { messages, error } = await readAll(stream);
    client.close();
    expect(messages.map((m) => m.n)).toEqual([1, 2, 3]);
    expect(error).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, details: 'stopped after 3' });
  });
});
