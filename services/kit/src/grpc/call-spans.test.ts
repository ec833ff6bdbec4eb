import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { EchoServiceService, type EchoRequest } from '@pc/proto/testing/v1/echo';
import { pino } from 'pino';
import { closeAllChannels } from './channel-pool.js';
import { createServiceClient } from './client.js';
import { createGrpcServer, type GrpcServer } from './server.js';
import { echoService } from './testing/echo-service.js';

// With an OpenTelemetry SDK registered (OTLP configured), every call is a client span and a
// server span of the same trace, as grpc-js's instrumentation made them before.

const request = (overrides: Partial<EchoRequest> = {}): EchoRequest => ({
  message: 'hello',
  tags: [],
  amountMinor: 0,
  failWith: '',
  delayMs: 0,
  ...overrides,
});

describe('RPC spans with tracing on', () => {
  const exporter = new tracing.InMemorySpanExporter();
  let server: GrpcServer;
  let address: string;

  beforeAll(async () => {
    new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] }).register();
    server = createGrpcServer({ services: [echoService()], logger: pino({ level: 'silent' }) });
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });

  afterAll(async () => {
    closeAllChannels();
    await server.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  beforeEach(() => exporter.reset());

  const spans = async (count: number) => {
    for (let i = 0; i < 50 && exporter.getFinishedSpans().length < count; i += 1) await new Promise((r) => setTimeout(r, 10));
    const finished = exporter.getFinishedSpans();
    return {
      client: finished.find((s) => s.kind === SpanKind.CLIENT),
      server: finished.find((s) => s.kind === SpanKind.SERVER),
    };
  };

  it('links the server span to the client span and runs the handler in its trace', async () => {
    const client = createServiceClient(EchoServiceService, address);
    const response = await client.echo(request());
    const { client: clientSpan, server: serverSpan } = await spans(2);

    expect(clientSpan?.name).toBe('pricecompare.testing.v1.EchoService/Echo');
    expect(clientSpan?.attributes).toMatchObject({ 'rpc.system': 'grpc', 'rpc.method': 'Echo', 'rpc.grpc.status_code': 0 });
    expect(serverSpan?.spanContext().traceId).toBe(clientSpan?.spanContext().traceId);
    expect(serverSpan?.parentSpanContext?.spanId).toBe(clientSpan?.spanContext().spanId);
    expect(response.traceId).toBe(clientSpan?.spanContext().traceId);
  });

  it('marks failures by the conventions: the client always, the server only for its own faults', async () => {
    const client = createServiceClient(EchoServiceService, address);
    await client.echo(request({ failWith: 'not_found' })).catch(() => undefined);
    let found = await spans(2);
    expect(found.client?.status.code).toBe(SpanStatusCode.ERROR);
    expect(found.server?.status.code).toBe(SpanStatusCode.UNSET);

    exporter.reset();
    await client.echo(request({ failWith: 'crash' })).catch(() => undefined);
    found = await spans(2);
    expect(found.server?.status.code).toBe(SpanStatusCode.ERROR);
    expect(found.server?.attributes['rpc.grpc.status_code']).toBe(13);
  });
});
