// The real engines' URLs: from the environment, else from $ENGINES_HOME/env.sh (engines.sh up).
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const NAMES = ['KAFKA_BROKERS', 'MONGODB_URI', 'ELASTICSEARCH_URL', 'REDIS_URL'];

export function clusterUrls(env = process.env) {
  const fromFile = engineEnvFile(env);
  return Object.fromEntries(NAMES.map((name) => [name, env[name] ?? fromFile[name]]));
}

/** stripe-mock's address when engines.sh runs it (an optional engine: undefined otherwise). */
export function stripeApiBase(env = process.env) {
  return env.STRIPE_API_BASE ?? engineEnvFile(env).STRIPE_API_BASE;
}

function engineEnvFile(env) {
  const home = env.ENGINES_HOME ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'pricecompare', 'engines');
  const file = join(home, 'env.sh');
  return existsSync(file)
    ? Object.fromEntries(
        [...readFileSync(file, 'utf8').matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]),
      )
    : {};
}
