// Keeps the micro-cache's pages current as things change (ADR 082). Told that something changed
// (a tag such as `product:<id>`), it renders the stored pages that show it again, in the
// background, one page at a time, so that the next visitor gets the new price from memory instead
// of the copy stored before the change, and rendering never takes more than one core from
// visitors. Changes that come in a burst (a feed import touching one product's offers many times)
// wait a moment and cost one render per page. When more pages wait than `maxQueued`, the rest
// leave the cache instead: their next visitor renders them. CommonJS, like the rest of the edge.
'use strict';

/**
 * `cache`: the micro-cache (taggedKeys, refreshKey, forget, announceChange). `delayMs`: how long a change waits
 * for the rest of its burst. Returns `changed(tags)`, its counts, `queued()` (pages waiting),
 * `idle()` (resolves once nothing waits or renders) and `stop()`.
 */
function pageRefresher({ cache, delayMs = 100, maxQueued = 500, now = () => Date.now(), logger }) {
  /** key → when the oldest change it does not show yet was heard. */
  const queued = new Map();
  const stats = { refreshed: 0, current: 0, dropped: 0, failed: 0 };
  let timer = null;
  let draining = null;
  let stopped = false;

  async function drain() {
    while (queued.size > 0 && !stopped) {
      const [key, since] = queued.entries().next().value;
      queued.delete(key);
      try {
        if (await cache.refreshKey(key, since)) stats.refreshed += 1;
        else stats.current += 1;
      } catch (error) {
        stats.failed += 1;
        logger?.warn({ err: error, key }, 'a changed page could not be rendered again');
      }
    }
  }

  function schedule() {
    if (stopped || timer || draining || queued.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      draining = drain().finally(() => {
        draining = null;
        schedule();
      });
    }, delayMs);
    timer.unref?.();
  }

  function changed(tags) {
    const heard = now();
    // The other site processes drop what they hold of it that this one will not render (ADR 092).
    cache.announceChange(tags);
    for (const tag of tags) {
      for (const key of cache.taggedKeys(tag)) {
        if (queued.has(key)) continue; // its render, still to come, shows this change too
        if (queued.size >= maxQueued) {
          cache.forget(key);
          stats.dropped += 1;
        } else queued.set(key, heard);
      }
    }
    schedule();
  }

  async function idle() {
    while (timer || draining || (queued.size > 0 && !stopped)) {
      await (draining ?? new Promise((resolve) => setTimeout(resolve, delayMs)));
    }
  }

  function stop() {
    stopped = true;
    clearTimeout(timer);
    timer = null;
    queued.clear();
  }

  return { changed, stats, queued: () => queued.size, idle, stop };
}

module.exports = { pageRefresher };
