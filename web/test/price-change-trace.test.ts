import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { startAccountSite, type AccountSite } from './account-site';
import { eventually, headphonesPriceDrop as drop } from './platform-fixture';

/**
 * One price change is one trace: an observation (as the crawler publishes it) through offers'
 * ingest, the price event it publishes, search's indexing of it and notifications' evaluation
 * that fires an alert, all on the embedded event log with the services' real app.ts in this
 * process. The spans are the kit's producer and consumer spans (telemetry/event-spans.ts),
 * collected by OpenTelemetry's in-memory exporter; the trace context travels only in the
 * events' `traceparent` header, as it does between processes and on Kafka.
 */
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let site: AccountSite;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  site = await startAccountSite();
}, 60_000);

afterAll(async () => {
  await site?.platform.stop();
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
});

const attribute = (span: ReadableSpan, name: string) => span.attributes[name];

it('follows a price drop from the observation to the search index and to the fired alert as one trace', async () => {
  const { headphones } = site.catalogue.products;
  const session = await site.signedIn('traced@example.test');
  // The cheapest Swiss offer is CHF 279.00: a target of CHF 260.00 waits for the drop.
  const created = await session.call('post', '/api/alerts?locale=de-ch', '/api/alerts', {
    body: { product_id: headphones.productId, kind: 'target_price', target_price: { amount: 26_000, currency: 'CHF' } },
  });
  expect(created.status).toBe(201);
  const alertId = created.body.data.id as string;

  const crawler = trace.getTracer('price-change-trace.test');
  const traceId = await crawler.startActiveSpan('crawl feed', { kind: SpanKind.INTERNAL }, async (span) => {
    await site.platform.observe([drop(site.catalogue.shopIds.alpenhaus, 25_000)]);
    span.end();
    return span.spanContext().traceId;
  });
  await eventually('the alert to fire', async () => {
    const answer = await session.call('get', `/api/alerts/${alertId}/firings`, '/api/alerts/{id}/firings');
    return answer.body.data?.length ? answer : undefined;
  });
  const fired = await eventually('the firing in the trace', async () =>
    exporter.getFinishedSpans().find((span) => span.events.some((event) => event.name === 'price alert fired')),
  );

  const inTrace = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  const consumed = (group: string) =>
    inTrace.filter(
      (span) => span.kind === SpanKind.CONSUMER && attribute(span, 'messaging.consumer.group.name') === group,
    );
  // The firing belongs to this price change's trace, not a trace of its own.
  expect(fired.spanContext().traceId).toBe(traceId);
  expect(attribute(fired, 'messaging.consumer.group.name')).toBe('notifications');
  // offers ingested the observation …
  const ingest = consumed('offers').find(
    (span) => attribute(span, 'messaging.destination.name') === 'crawler.offer-observed.v1',
  );
  expect(ingest).toBeDefined();
  // … and published the price change, which search indexed and notifications evaluated.
  const priceTopic = attribute(fired, 'messaging.destination.name');
  const published = inTrace.find(
    (span) => span.kind === SpanKind.PRODUCER && attribute(span, 'messaging.destination.name') === priceTopic,
  );
  expect(published?.parentSpanContext?.spanId).toBe(ingest?.spanContext().spanId);
  expect(consumed('search-indexer').some((span) => attribute(span, 'messaging.destination.name') === priceTopic)).toBe(
    true,
  );
  // Each consumer span is a child of its producer's span and links to it.
  for (const span of inTrace.filter((s) => s.kind === SpanKind.CONSUMER)) {
    const producer = inTrace.find((s) => s.spanContext().spanId === span.parentSpanContext?.spanId);
    expect({ topic: attribute(span, 'messaging.destination.name'), parent: producer?.kind }).toEqual({
      topic: attribute(span, 'messaging.destination.name'),
      parent: SpanKind.PRODUCER,
    });
    expect(span.links.map((link) => link.context.spanId)).toEqual([producer?.spanContext().spanId]);
  }
}, 60_000);
