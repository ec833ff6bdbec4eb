// A traced process of the kit's gRPC (started by grpc-tracing.test.ts): OpenTelemetry's
// instrumentations registered first, as a service's telemetry/register does, then either the
// echo server (`server`) or a client making one call (`client <address>`). It reports its
// finished spans to the parent over IPC.
import { SpanKind } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { instrumentClients } from '../../telemetry/tracing.js';

const exporter = new tracing.InMemorySpanExporter();
new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] }).register();
instrumentClients();

export interface ReportedSpan {
  readonly name: string;
  readonly kind: 'client' | 'server' | 'other';
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly statusCode: number;
}

const finishedSpans = (): ReportedSpan[] =>
  exporter.getFinishedSpans().map((span) => ({
    name: span.name,
    kind: span.kind === SpanKind.CLIENT ? 'client' : span.kind === SpanKind.SERVER ? 'server' : 'other',
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    statusCode: span.status.code,
  }));

async function main(): Promise<void> {
  // Loaded after the instrumentations, like a service's modules after telemetry/register.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { pino } = require('pino') as typeof import('pino');
  const { createGrpcServer } = require('../server.js') as typeof import('../server.js');
  const { createServiceClient } = require('../client.js') as typeof import('../client.js');
  const { echoService } = require('./echo-service.js') as typeof import('./echo-service.js');
  const { EchoServiceService } = require('@pc/proto/testing/v1/echo') as typeof import('@pc/proto/testing/v1/echo');
  /* eslint-enable @typescript-eslint/no-require-imports */

  if (process.argv[2] === 'server') {
    const server = createGrpcServer({ services: [echoService()], logger: pino({ level: 'silent' }) });
    process.send?.({ port: await server.listen('127.0.0.1', 0) });
    process.on('message', () => process.send?.({ spans: finishedSpans() }));
    process.once('disconnect', () => void server.shutdown().then(() => process.exit(0)));
    return;
  }
  const client = createServiceClient(EchoServiceService, process.argv[3] ?? '');
  const request = { message: 'traced', tags: [], amountMinor: 0, delayMs: 0, failWith: process.argv[4] ?? '' };
  const answer = await client.echo(request).then(
    (response) => ({ traceId: response.traceId }),
    (error: { code: number }) => ({ code: error.code }),
  );
  process.send?.({ answer, spans: finishedSpans() }, () => process.exit(0));
}

void main();
