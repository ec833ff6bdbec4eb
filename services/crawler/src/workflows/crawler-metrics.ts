import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('@pc/crawler');

const pages = meter.createCounter('crawler.pages', {
  description: 'Pages fetched (answers received), by HTTP status class',
});
const statuses = meter.createCounter('crawler.http.status', { description: 'Answers by HTTP status code' });
const refusals = meter.createCounter('crawler.robots.refusals', {
  description: 'Visits not made because robots.txt disallows them or cannot be read',
});
const extractionFailures = meter.createCounter('crawler.extraction.failures', {
  description: 'Product pages whose offers could not be observed, by reason',
});
const observations = meter.createCounter('crawler.offers.observed', {
  description: 'OfferObserved events emitted, by extraction method',
});
const fetchFailures = meter.createCounter('crawler.fetch.failures', {
  description: 'Fetches without an answer, by reason (refused:address, limit:size, failed, …)',
});
const robotsFetches = meter.createCounter('crawler.robots.fetches', {
  description: 'robots.txt fetches, by HTTP status (0: no answer)',
});
const feedFetches = meter.createCounter('crawler.feed.fetches', { description: 'Feed fetches, by outcome' });
const feedItems = meter.createCounter('crawler.feed.items', {
  description: 'Feed items read, valid (observed) or rejected',
});
const inFlightHosts = meter.createUpDownCounter('crawler.host.in_flight', {
  description: 'Requests in flight per host',
});

// Zero from the start, so pages/s has a series before the first crawl.
for (const kind of ['2xx', '3xx', '4xx', '5xx']) pages.add(0, { class: kind });
for (const reason of ['disallowed', 'unavailable']) refusals.add(0, { reason });
for (const reason of ['failed', 'unsupported content type']) fetchFailures.add(0, { reason });

/** The crawler's counters on /metrics (pages/s is the rate of crawler_pages_total). */
export const crawlerMetrics = {
  page: (status: number): void => {
    pages.add(1, { class: `${Math.floor(status / 100)}xx` });
    statuses.add(1, { code: String(status) });
  },
  robotsRefusal: (reason: 'disallowed' | 'unavailable'): void => refusals.add(1, { reason }),
  extractionFailure: (reason: string): void => extractionFailures.add(1, { reason }),
  observed: (method: string, count: number): void => observations.add(count, { method }),
  fetchFailure: (label: string): void => fetchFailures.add(1, { reason: label }),
  robotsFetched: (status: number): void => robotsFetches.add(1, { status: String(status) }),
  inFlight: (host: string, delta: number): void => inFlightHosts.add(delta, { host }),
  feedFetched: (outcome: string): void =>
    feedFetches.add(1, { outcome: outcome.replace(/^FEED_FETCH_OUTCOME_/, '').toLowerCase() }),
  feedItems: (valid: number, rejected: number): void => {
    if (valid > 0) feedItems.add(valid, { result: 'valid' });
    if (rejected > 0) feedItems.add(rejected, { result: 'rejected' });
  },
};
