// A site process among several on one port (ADR 092): what it shares with the others through the
// primary (primary.mjs) — the rate-limit windows of the in-process cache, the micro-cache's pages,
// the changes the one following the event bus hears, and `/metrics`.
import { sharedCacheClient } from './shared-cache.cjs';
import { answerMetricScrapes } from './process-metrics.mjs';

/** A micro-cache change (micro-cache.cjs `peers`): to the primary, which gives it to the others. */
export const PAGES = 'site-pages';
/** What an event changed (tags such as `product:<id>`), from the process that follows the bus to the others. */
export const CHANGES = 'site-changes';
/** That the process following the bus still follows it, and since when (ADR 101). */
export const FOLLOWED = 'site-followed';

/** `channel`: this process's link to the primary (`process`); `telemetry`: its own (kit startTelemetry). */
export function clusterMember(channel, telemetry, env = process.env) {
  const slot = Number(env.SITE_SLOT ?? 0);
  answerMetricScrapes(channel, telemetry.prometheus);
  return {
    slot,
    /**
     * Whether this process follows page changes on the event bus and renders changed pages
     * again: one does, and the pages it renders reach the others.
     */
    followsPageChanges: slot === 0,
    sharedCache: () => sharedCacheClient(channel),
    // While it stops after the primary went away, its pages have no one to go to.
    peers: { publish: (change) => channel.connected && channel.send({ type: PAGES, change }) },
    /** Tells the others what an event changed: they drop the page parts that show it (ADR 093). */
    publishChanges: (tags) => channel.connected && channel.send({ type: CHANGES, tags }),
    /** Tells the others the bus is still followed, since `since`, for `forMs` more (ADR 101). */
    publishFollowed: (since, forMs) => channel.connected && channel.send({ type: FOLLOWED, since, forMs }),
    /**
     * What the follower of the bus told this process changed, to `changed(tags)`; that it still
     * follows the bus, to `followed(since, forMs)`.
     */
    receiveChanges(changed, followed = () => {}) {
      channel.on('message', (message) => {
        if (message?.type === CHANGES) changed(message.tags);
        else if (message?.type === FOLLOWED) followed(message.since, message.forMs);
      });
    },
    /** Gives the other processes' changes to `microCache` (micro-cache.cjs `receive`). */
    receivePages(microCache) {
      channel.on('message', (message) => {
        if (message?.type === PAGES) microCache.receive(message.change);
      });
    },
  };
}
