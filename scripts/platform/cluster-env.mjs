// The environment of the cluster profile on one machine: every service on the real engines
// started by scripts/engines/engines.sh, selected the way the Helm chart selects them.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const REQUIRED = ['KAFKA_BROKERS', 'MONGODB_URI', 'ELASTICSEARCH_URL', 'REDIS_URL'];

export function clusterEnv(env = process.env) {
  const home = env.ENGINES_HOME ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'pricecompare', 'engines');
  const fromFile = readEnvFile(join(home, 'env.sh'));
  const urls = Object.fromEntries(REQUIRED.map((name) => [name, env[name] ?? fromFile[name]]));
  const missing = REQUIRED.filter((name) => !urls[name]);
  if (missing.length > 0) {
    throw new Error(`the cluster profile needs ${missing.join(', ')}: run scripts/engines/engines.sh up first`);
  }
  return { ...urls, EVENT_BUS: 'kafka', DOCUMENT_STORE: 'mongodb', SEARCH_INDEX: 'elasticsearch', CACHE: 'redis' };
}

/** `export NAME='value'` lines, as engines.sh writes them. */
function readEnvFile(path) {
  if (!existsSync(path)) return {};
  const pairs = readFileSync(path, 'utf8').matchAll(/^export (\w+)='([^']*)'$/gm);
  return Object.fromEntries([...pairs].map((m) => [m[1], m[2]]));
}
