// The demo shops beside the local platform: real websites on this machine that the crawler and
// the feeds read (scripts/demo-shops, ADR 041). One process serves every shop, each on its own
// loopback address (127.10.x.y) and all on DEMO_SHOPS_PORT; the index and admin endpoints are on
// 127.0.0.1 at the same port. Their world is the seed's: the same flags (SEED_ARGS), pinned in
// the data dir on first start so later starts serve the world the data dir was seeded with.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the demo shops run, and what the platform's processes are told about it. null — no demo
 * shops — with SEED=0, in the cluster profile (its fetch guard stays strict: the crawler may not
 * read loopback addresses there) and when the seed publishes directly (`--bench-direct`, bench:core).
 */
export function demoShopsLayout(env, dataDir, profile = 'local') {
  if (env.SEED === '0' || profile !== 'local' || seedArgsOf(env).includes('--bench-direct')) return null;
  const port = Number(env.DEMO_SHOPS_PORT ?? 8800);
  const network = env.DEMO_SHOPS_NETWORK ?? '127.10';
  const adminUrl = `http://127.0.0.1:${port}`;
  return {
    port,
    network,
    adminUrl,
    stateFile: join(dataDir, 'demo-shops', 'world.json'),
    /** For the seed (the manifest) and the services. */
    env: { DEMO_SHOPS_URL: adminUrl, DEMO_SHOPS_PORT: String(port), DEMO_SHOPS_NETWORK: network },
    /**
     * The crawler's alone: its fetch guard may read the demo shops' loopback addresses and port —
     * in the local profile only, where this layout exists (ADR 039, ADR 040).
     */
    crawlerEnv: { FETCH_ALLOW_PRIVATE: `${network}.0.0/16`, FETCH_ALLOW_PORTS: String(port) },
  };
}

const seedArgsOf = (env) => (env.SEED_ARGS ?? '').split(/\s+/).filter(Boolean);

/**
 * SEED_ARGS with the world's "now" pinned: the day the demo shops' state file remembers, else
 * today (UTC). The first seed and the demo shops then build the same world even across midnight.
 */
export function pinnedSeedArgs(layout, env, today = new Date()) {
  const seedArgs = seedArgsOf(env);
  if (!layout || seedArgs.includes('--until')) return seedArgs;
  const pinned = existsSync(layout.stateFile)
    ? JSON.parse(readFileSync(layout.stateFile, 'utf8')).until
    : today.toISOString().slice(0, 10);
  return [...seedArgs, '--until', pinned];
}

/** The node arguments of the demo-shops process (`siteUrl`: where the site serves the seed's images). */
export function demoShopsArgs(root, layout, seedArgs, siteUrl) {
  return [
    '--enable-source-maps',
    join(root, 'scripts', 'demo-shops', 'dist', 'main.js'),
    '--port',
    String(layout.port),
    '--network',
    layout.network,
    '--state',
    layout.stateFile,
    '--image-base',
    siteUrl,
    ...seedArgs,
  ];
}
