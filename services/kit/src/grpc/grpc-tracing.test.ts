import { SpanStatusCode } from '@opentelemetry/api';
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { TS_REGISTER } from '../testing/ts-register.js';
import type { ReportedSpan } from './testing/traced-echo-main.js';

const MAIN = join(__dirname, 'testing', 'traced-echo-main.ts');
const spawnTraced = (args: string[]): ChildProcess =>
  fork(MAIN, args, { execArgv: ['--require', TS_REGISTER], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const nextMessage = <T>(child: ChildProcess): Promise<T> =>
  new Promise((resolve) => child.once('message', (message) => resolve(message as T)));

/**
 * With tracing on, OpenTelemetry's gRPC instrumentation makes a client span in the calling
 * process and a server span in the serving one, of the same trace, and the handler runs in it.
 */
describe('RPC spans across two processes with tracing on', () => {
  let server: ChildProcess;
  let address: string;

  beforeAll(async () => {
    server = spawnTraced(['server']);
    address = `127.0.0.1:${(await nextMessage<{ port: number }>(server)).port}`;
  });

  afterAll(() => server.disconnect());

  async function callFromAnotherProcess(
    failWith = '',
  ): Promise<{ answer: { traceId?: string; code?: number }; client: ReportedSpan; server: ReportedSpan }> {
    const client = spawnTraced(['client', address, failWith]);
    const { answer, spans } = await nextMessage<{ answer: { traceId?: string; code?: number }; spans: ReportedSpan[] }>(
      client,
    );
    const clientSpan = spans.find((span) => span.kind === 'client');
    server.send('spans');
    const serverSpans = (await nextMessage<{ spans: ReportedSpan[] }>(server)).spans;
    const serverSpan = serverSpans.find((span) => span.kind === 'server' && span.traceId === clientSpan?.traceId);
    if (!clientSpan || !serverSpan)
      throw new Error(`missing spans: client ${JSON.stringify(spans)}, server ${JSON.stringify(serverSpans)}`);
    return { answer, client: clientSpan, server: serverSpan };
  }

  it('links the server span to the client span and runs the handler in their trace', async () => {
    const { answer, client, server: handled } = await callFromAnotherProcess();
    expect(client.name).toBe('grpc.pricecompare.testing.v1.EchoService/Echo');
    expect(handled.parentSpanId).toBe(client.spanId);
    expect(answer.traceId).toBe(client.traceId);
  });

  it('marks a failed call as an error on the client', async () => {
    const { answer, client } = await callFromAnotherProcess('not_found');
    expect(answer.code).toBe(5);
    expect(client.statusCode).toBe(SpanStatusCode.ERROR);
  });
});
