// The environment of the cluster profile on one machine: every service on the real engines
// started by scripts/engines/engines.sh, selected the way the Helm chart selects them.
import { clusterUrls } from '../engines/engine-urls.mjs';

export function clusterEnv(env = process.env) {
  const urls = clusterUrls(env);
  const missing = Object.keys(urls).filter((name) => !urls[name]);
  if (missing.length > 0) {
    throw new Error(`the cluster profile needs ${missing.join(', ')}: run scripts/engines/engines.sh up first`);
  }
  return { ...urls, EVENT_BUS: 'kafka', DOCUMENT_STORE: 'mongodb', SEARCH_INDEX: 'elasticsearch', CACHE: 'redis' };
}
