import { metrics } from '@opentelemetry/api';
import { status as GrpcStatus } from '@grpc/grpc-js';

const meter = metrics.getMeter('@pc/kit/grpc');

/** Server-side call duration, by method and status: the RED metrics of every service. */
const serverDuration = meter.createHistogram('rpc.server.duration', {
  description: 'Duration of inbound gRPC calls',
  unit: 'ms',
  advice: { explicitBucketBoundaries: [0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000] },
});

const clientDuration = meter.createHistogram('rpc.client.duration', {
  description: 'Duration of outbound gRPC calls, including retries',
  unit: 'ms',
  advice: { explicitBucketBoundaries: [0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000] },
});

export function recordServerCall(method: string, code: GrpcStatus, startedAt: number): void {
  serverDuration.record(performance.now() - startedAt, { 'rpc.method': method, 'rpc.grpc.status_code': code });
}

export function recordClientCall(method: string, code: GrpcStatus, startedAt: number): void {
  clientDuration.record(performance.now() - startedAt, { 'rpc.method': method, 'rpc.grpc.status_code': code });
}
