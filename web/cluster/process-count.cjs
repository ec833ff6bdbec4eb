// How many site processes serve the site's port (SITE_PROCESSES). Rendering a page is the site's
// CPU-bound part and one Node process renders on one core; the micro-cache's hits are cheap
// either way. Unset: one per core, at most four (on a laptop the services need cores too); a
// cluster's pods set 1 and scale by replicas. CommonJS, like the edge, so that the unit tests load it.
'use strict';
const { availableParallelism } = require('node:os');

const MAX_DEFAULT_PROCESSES = 4;

/** SITE_PROCESSES as a whole number ≥ 1, or the default; anything else is refused at start. */
function siteProcessCount(env = process.env, cores = availableParallelism()) {
  const raw = env.SITE_PROCESSES?.trim();
  if (!raw) return Math.max(1, Math.min(cores, MAX_DEFAULT_PROCESSES));
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new Error(`SITE_PROCESSES: expected a whole number from 1 to 64, got "${raw}"`);
  return count;
}

module.exports = { siteProcessCount, MAX_DEFAULT_PROCESSES };
