// The site's entry (`npm start`, the chart's container): SITE_PROCESSES site processes on one
// port under a primary that shares what they must share (cluster/primary.mjs, ADR 092), or, for
// one, the site process alone (site-process.mjs).
import { siteProcessCount } from './cluster/process-count.cjs';

let count;
try {
  count = siteProcessCount();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (count > 1) await (await import('./cluster/primary.mjs')).runPrimary(count);
else await import('./site-process.mjs');
