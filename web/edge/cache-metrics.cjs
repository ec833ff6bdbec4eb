// The micro-cache and its page refresher on `/metrics` (ADR 013, 082, 084), and the page parts
// kept in memory (ADR 093): how visitors' pages are answered (the hit ratio), how many pages are
// stored, whether the refresher keeps up with the changes it hears — pages it had to drop,
// renders that failed, pages waiting —, how often a page part came from memory. Read from their
// counters at each scrape. CommonJS, like the rest of the edge.
'use strict';
const { metrics } = require('@opentelemetry/api');

/** How the micro-cache answered a request: its counter of each (micro-cache.cjs `stats`). */
const ANSWERS = ['hits', 'stale', 'misses', 'coalesced', 'personal', 'refreshes'];
/** What became of a page the refresher was told changed (page-refresh.cjs `stats`). */
const REFRESH_RESULTS = ['refreshed', 'current', 'dropped', 'failed'];

/** Registers the metrics of `cache` (micro-cache) and `refresher` (null: none) on `meter`. */
function registerCacheMetrics({ cache, refresher, meter = metrics.getMeter('@pc/web') }) {
  meter
    .createObservableCounter('web.micro_cache.requests', {
      description: 'Requests to the micro-cache, by answer (hits, stale, misses, coalesced, personal, refreshes)',
    })
    .addCallback((result) => {
      for (const answer of ANSWERS) result.observe(cache.stats[answer], { answer });
    });
  meter
    .createObservableCounter('web.micro_cache.stores', { description: 'Pages stored (rendered and kept)' })
    .addCallback((result) => result.observe(cache.stats.stored));
  meter
    .createObservableCounter('web.micro_cache.received', {
      description: 'Pages another site process rendered and gave this one (ADR 092)',
    })
    .addCallback((result) => result.observe(cache.stats.received));
  meter
    .createObservableGauge('web.micro_cache.pages', { description: 'Pages in the micro-cache now' })
    .addCallback((result) => result.observe(cache.size()));
  if (!refresher) return;
  meter
    .createObservableCounter('web.page_refresh.pages', {
      description: 'Stored pages told to have changed, by result (refreshed, current, dropped, failed)',
    })
    .addCallback((result) => {
      for (const outcome of REFRESH_RESULTS) result.observe(refresher.stats[outcome], { result: outcome });
    });
  meter
    .createObservableGauge('web.page_refresh.queued', { description: 'Changed pages waiting for their render' })
    .addCallback((result) => result.observe(refresher.queued()));
}

/**
 * Registers the metrics of the page parts the app keeps between changes (ADR 093,
 * web/app/data/page-parts.server.ts): reads answered from memory or by a service, parts dropped
 * because an event named them or for room, and how many are kept.
 */
function registerPagePartsMetrics(parts, meter = metrics.getMeter('@pc/web')) {
  meter
    .createObservableCounter('web.page_parts.reads', {
      description: 'Reads of page parts, by answer (hits, stale, misses)',
    })
    .addCallback((result) => {
      result.observe(parts.stats.hits, { answer: 'hits' });
      result.observe(parts.stats.stale, { answer: 'stale' });
      result.observe(parts.stats.misses, { answer: 'misses' });
    });
  meter
    .createObservableCounter('web.page_parts.dropped', {
      description: 'Page parts dropped, by reason (changed: an event named them; evicted: for room)',
    })
    .addCallback((result) => {
      result.observe(parts.stats.changed, { reason: 'changed' });
      result.observe(parts.stats.evicted, { reason: 'evicted' });
    });
  meter
    .createObservableGauge('web.page_parts.kept', { description: 'Page parts kept in memory now' })
    .addCallback((result) => result.observe(parts.size()));
  meter
    .createObservableGauge('web.page_parts.bus_followed', {
      description:
        'Whether the follower of the event bus is heard (1): parts every change of which an event names may live longer (ADR 101)',
    })
    .addCallback((result) => result.observe(parts.followedNow() ? 1 : 0));
}

module.exports = { registerCacheMetrics, registerPagePartsMetrics };
