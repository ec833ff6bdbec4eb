import { UsageError } from '@pc/seed/cli/seed-options';
import { loadTaxonomy } from '@pc/seed/taxonomy/load-taxonomy';
import { DEMO_USAGE, parseDemoOptions } from './cli/demo-options.js';
import { startDemoShops } from './server/demo-server.js';
import { DemoWorld } from './world/demo-world.js';
import { shopBaseUrl } from './world/shop-addresses.js';

/** The demo shops as one process (`npm start` runs it beside the platform; see README). */
async function main(): Promise<number> {
  let options;
  try {
    options = parseDemoOptions(process.argv.slice(2), process.env, new Date());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(DEMO_USAGE);
    return 0;
  }
  const started = performance.now();
  const world = DemoWorld.build(options.world, loadTaxonomy(), options.addressing);
  const running = await startDemoShops({ world, addressing: options.addressing });
  const offers = world.shops.reduce((sum, shop) => sum + shop.offers.length, 0);
  const last = world.shops.length - 1;
  process.stdout.write(
    `demo shops: ${world.shops.length} shops, ${offers} offers (seed ${options.world.seed}) at ${shopBaseUrl(0, options.addressing)}/ … ${shopBaseUrl(last, options.addressing)}/; index and admin ${running.adminUrl}/ (${Math.round(performance.now() - started)} ms)\n`,
  );
  // Listening before saying ready: a launcher that stops us as soon as it hears it must find the
  // handler there (a SIGTERM before it would end the process by the signal's default action).
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
    // Started by the launcher: if it dies without stopping us, we stop too (no orphan holding
    // the shops' addresses, which the next `npm start` needs), as the services do.
    process.once('disconnect', resolve);
  });
  process.send?.({ type: 'ready', adminUrl: running.adminUrl });
  await stopped;
  await running.close();
  return 0;
}

main().then(
  (code) => {
    // Exits even while the launcher's channel, or a listener on it, is still open.
    process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(
      `demo shops failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
