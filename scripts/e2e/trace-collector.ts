import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A finished span as a process exported it, with the service (resource) that made it. */
export interface CollectedSpan {
  readonly service: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  readonly kind: number;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
}

interface OtlpValue {
  readonly stringValue?: string;
  readonly intValue?: string | number;
  readonly doubleValue?: number;
  readonly boolValue?: boolean;
}
interface OtlpAttribute {
  readonly key: string;
  readonly value: OtlpValue;
}
interface OtlpTraces {
  readonly resourceSpans?: readonly {
    readonly resource?: { readonly attributes?: readonly OtlpAttribute[] };
    readonly scopeSpans?: readonly {
      readonly spans?: readonly {
        readonly traceId: string;
        readonly spanId: string;
        readonly parentSpanId?: string;
        readonly name: string;
        readonly kind: number;
        readonly attributes?: readonly OtlpAttribute[];
      }[];
    }[];
  }[];
}

const valueOf = (value: OtlpValue): string | number | boolean =>
  value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue ?? 0);
const attributesOf = (attributes: readonly OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

/**
 * The test's in-memory span store behind an OTLP/HTTP endpoint: the platform's processes export
 * to it with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT and protocol `http/json` (OTLP's JSON encoding,
 * ids in hex), as they would to a collector.
 */
export class TraceCollector {
  readonly spans: CollectedSpan[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/v1/traces') this.add(JSON.parse(body) as OtlpTraces);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/traces`;
  }

  trace(traceId: string): CollectedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private add(traces: OtlpTraces): void {
    for (const { resource, scopeSpans } of traces.resourceSpans ?? []) {
      const service = String(attributesOf(resource?.attributes)['service.name'] ?? '');
      for (const { spans } of scopeSpans ?? []) {
        for (const span of spans ?? []) {
          this.spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
          });
        }
      }
    }
  }
}
