import { metrics, type Attributes } from '@opentelemetry/api';
import { status as GrpcStatus } from '@grpc/grpc-js';

const meter = metrics.getMeter('@pc/kit/grpc');
const BUCKETS_MS = [0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

/** Server-side call duration, by method and status: the RED metrics of every service. */
const serverDuration = meter.createHistogram('rpc.server.duration', {
  description: 'Duration of inbound gRPC calls',
  unit: 'ms',
  advice: { explicitBucketBoundaries: BUCKETS_MS },
});

const clientDuration = meter.createHistogram('rpc.client.duration', {
  description: 'Duration of outbound gRPC calls, including retries',
  unit: 'ms',
  advice: { explicitBucketBoundaries: BUCKETS_MS },
});

/**
 * The attribute sets of one method, one per status code, built once: recording a call then
 * allocates nothing (the metrics SDK still hashes the set, but no garbage is left per call).
 */
function attributesByCode(method: string): readonly Attributes[] {
  return Object.values(GrpcStatus)
    .filter((code): code is GrpcStatus => typeof code === 'number')
    .map((code) => Object.freeze({ 'rpc.method': method, 'rpc.grpc.status_code': code }));
}

export interface MethodMetrics {
  record(code: GrpcStatus, startedAt: number): void;
}

function methodMetrics(histogram: typeof serverDuration, method: string): MethodMetrics {
  const byCode = attributesByCode(method);
  return {
    record: (code, startedAt) =>
      histogram.record(
        performance.now() - startedAt,
        byCode[code] ?? { 'rpc.method': method, 'rpc.grpc.status_code': code },
      ),
  };
}

export const serverMethodMetrics = (method: string): MethodMetrics => methodMetrics(serverDuration, method);
export const clientMethodMetrics = (method: string): MethodMetrics => methodMetrics(clientDuration, method);
