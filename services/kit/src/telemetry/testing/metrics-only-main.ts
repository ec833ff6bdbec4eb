// A process that starts telemetry as the site does without a trace endpoint (started by
// metrics-only.test.ts): it reports over IPC whether grpc-js was patched and whether an HTTP
// request it served was measured for `/metrics`.
import { startTelemetry } from '../start.js';

const telemetry = startTelemetry('metrics-probe', {}, { instrumentAlways: true });

async function main(): Promise<void> {
  // Loaded after telemetry, as the site's modules load after web/telemetry.mjs.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const grpc = require('@grpc/grpc-js') as typeof import('@grpc/grpc-js') & Record<string, unknown>;
  const http = require('node:http') as typeof import('node:http');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const server = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await (await fetch(`http://127.0.0.1:${port}/page`)).text();
  const { resourceMetrics } = await telemetry.prometheus.collect();
  const names = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics.map((m) => m.descriptor.name));
  const wrapped = (fn: unknown) => Boolean((fn as { __wrapped?: boolean } | undefined)?.__wrapped);
  process.send?.({
    grpcPatched: wrapped(grpc.Client.prototype.makeUnaryRequest) || wrapped(grpc.makeClientConstructor),
    measured: names,
  });
  server.close();
  await telemetry.shutdown();
}

void main();
