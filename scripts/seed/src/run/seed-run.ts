import { status as GrpcStatus } from '@grpc/grpc-js';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { createLogger } from '@pc/kit/logging/logger';
import { formatDay, startOfDay } from '../calendar/days.js';
import type { SeedOptions } from '../cli/seed-options.js';
import { loadSeedConfig, type SeedConfig } from '../config.js';
import { resolveActor } from '../platform/actor.js';
import { platformClients, type PlatformClients } from '../platform/clients.js';
import { setFxRates } from '../platform/fx-rates.js';
import { createPromotions } from '../platform/create-promotions.js';
import { registerShops } from '../platform/register-shops.js';
import { seedShopReviews } from '../platform/shop-reviews.js';
import { seedPromotions } from '../promotions/seed-promotions.js';
import { describeError, failedWith, isUnimplemented } from '../platform/rpc-status.js';
import { handShopsToCrawler } from '../platform/hand-off.js';
import { readDemoShops, shopsAtTheirSites } from '../platform/demo-shops.js';
import type { IngestSnapshot } from '../platform/ingest-progress.js';
import { waitForFeeds } from '../platform/wait-for-feeds.js';
import { waitForIngest, type IngestOutcome } from '../platform/wait-for-ingest.js';
import { loadTaxonomy } from '../taxonomy/load-taxonomy.js';
import { enrichCatalog } from './catalog-phase.js';
import { dryRunShopIds, prepareGeneration, type Generation } from './generation.js';
import { asHistoryImport, historyImportEnd } from './history-import.js';
import { publishObservations } from './publish-observations.js';
import { consoleReport, rate, seconds, thousands, type Report } from './report.js';
import { SeedFailure } from './seed-failure.js';

/** The whole seed: categories, shops, FX rates, observations through the bus, wait, catalog data. */
export async function runSeed(
  options: SeedOptions,
  env: NodeJS.ProcessEnv,
  report: Report = consoleReport(),
): Promise<number> {
  const started = performance.now();
  const taxonomy = loadTaxonomy();
  report.line(
    taxonomy.source === 'google'
      ? `seed ${options.seed}: ${thousands(options.products)} products, ${options.shops} shops, ${options.historyDays} days of history up to ${formatDay(options.untilDay)} (Google product taxonomy, ${thousands(taxonomy.categories.length)} categories)`
      : `seed ${options.seed}: ${thousands(options.products)} products, ${options.shops} shops, ${options.historyDays} days up to ${formatDay(options.untilDay)} — the shared taxonomy dataset was not found: using the built-in list of ${taxonomy.categories.length} categories (6 languages)`,
  );
  const generation = prepareGeneration(options, taxonomy);
  const now = startOfDay(options.untilDay);

  if (options.dryRun) {
    const tally = await publishObservations(
      generation.observations(dryRunShopIds(generation.shops)),
      null,
      now,
      report,
    );
    report.line(
      `dry run: ${thousands(tally.offers)} offers of ${thousands(options.products)} products in ${generation.shops.length} shops, ` +
        `${thousands(tally.events)} observations (${(tally.bytes / 1e6).toFixed(1)} MB) generated in ${seconds(tally.elapsedMs)} (${rate(tally.events, tally.elapsedMs)}); nothing published`,
    );
    return 0;
  }

  const config = loadSeedConfig(env);
  const clients = platformClients(config);
  try {
    return await seedPlatform(options, config, clients, generation, now, report, started);
  } finally {
    closeAllChannels();
  }
}

/** Staff writes refused: the configured staff user lacks a panel's role, or is unknown. */
const staffHint = (error: unknown): string =>
  failedWith(error, GrpcStatus.UNAUTHENTICATED, GrpcStatus.PERMISSION_DENIED)
    ? ' (a staff write: SEED_ACTOR_USER_ID or SEED_ADMIN_EMAIL must name a staff user with the staff:shopping, staff:admin, staff:affiliates and staff:crawler roles)'
    : '';

async function seedPlatform(
  options: SeedOptions,
  config: SeedConfig,
  clients: PlatformClients,
  generation: Generation,
  now: Date,
  report: Report,
  started: number,
): Promise<number> {
  const actor = await resolveActor(config, clients);
  report.line(`  acting as staff user ${actor}`);

  try {
    const stored = await setFxRates(clients, actor, startOfDay(options.untilDay - options.historyDays));
    report.line(`  FX rates: ${stored} stored (CHF, EUR, GBP, USD)`);
  } catch (error) {
    if (!isUnimplemented(error))
      throw new SeedFailure(`offers.SetFxRates failed${staffHint(error)}: ${describeError(error)}`, { cause: error });
    report.line('  FX rates: offers.SetFxRates is not implemented yet — skipped');
  }

  // The demo data reaches the platform through the demo shops' feeds and pages (ADR 040); only
  // bench:core publishes the current offers directly.
  const demoShops = options.benchDirect ? null : await readDemoShops(config.DEMO_SHOPS_URL, options, generation.shops);
  const listedShops = demoShops ? shopsAtTheirSites(generation.shops, demoShops) : generation.shops;
  let shops;
  try {
    shops = await registerShops(clients, actor, listedShops, options.imageBaseUrl);
  } catch (error) {
    const hint = isUnimplemented(error) ? ' (offers does not implement it yet)' : staffHint(error);
    throw new SeedFailure(`registering the directory shops failed${hint}: ${describeError(error)}`, { cause: error });
  }
  report.line(
    `  shops: ${shops.created} registered, ${shops.existing} already there${demoShops ? ` (each at its demo site, e.g. ${listedShops[0]?.homepageUrl})` : ''}`,
  );

  // Promotions are not what the rest of the seed builds on: a failure is reported, not fatal.
  try {
    const promotions = await createPromotions(clients, actor, seedPromotions(listedShops, now), shops.ids);
    report.line(`  promotions: ${promotions.created} created, ${promotions.existing} already there`);
  } catch (error) {
    report.line(`  promotions: affiliates.CreatePromotion failed${staffHint(error)}, skipped: ${describeError(error)}`);
  }

  // Visitors' shop reviews (none with --reviews 0), like promotions, are the demo's finish: a
  // failure is reported, not fatal.
  if (options.reviews > 0)
    try {
      const reviews = await seedShopReviews(clients, actor, listedShops, shops.ids, String(options.seed));
      report.line(`  shop reviews: ${reviews.written} written, ${reviews.existing} already there`);
    } catch (error) {
      report.line(`  shop reviews: offers.AddShopReview failed${staffHint(error)}, skipped: ${describeError(error)}`);
    }

  const logger = createLogger('seed', config.SEED_LOG_LEVEL);
  const bus = await openEventBus(config, logger, 'seed');
  const waitOptions = (what: string) => ({
    timeoutMs: options.waitSeconds * 1000,
    stallMs: 30_000,
    pollMs: 1_000,
    onProgress: (s: IngestSnapshot, elapsed: number) =>
      report.progress(
        `  ${what} (${seconds(elapsed)}): ${s.backlog === null ? '?' : thousands(s.backlog)} events to go, catalog ${s.catalogProducts ?? '?'} products, search ${s.searchProducts ?? '?'}`,
      ),
  });
  let published;
  let ingest;
  try {
    if (demoShops) {
      const importEnd = historyImportEnd(now, new Date(), config.OFFERS_STALE_AFTER);
      const sites = new Map(
        listedShops.map((shop, index) => [shops.ids[index] as string, shop.homepageUrl.replace(/\/$/, '')]),
      );
      published = await publishObservations(
        asHistoryImport(generation.observations(shops.ids, importEnd), sites),
        bus,
        now,
        report,
      );
      report.line(
        `  history import: ${thousands(published.events)} past observations up to ${importEnd.toISOString().slice(0, 16)}Z in ${seconds(published.elapsedMs)} (${rate(published.events, published.elapsedMs)})`,
      );
    } else {
      published = await publishObservations(generation.observations(shops.ids), bus, now, report);
      report.line(
        `  bench: published ${thousands(published.events)} observations of ${thousands(published.offers)} current offers directly in ${seconds(published.elapsedMs)} (${rate(published.events, published.elapsedMs)})`,
      );
    }
    const waitStarted = performance.now();
    ingest = {
      ...(await waitForIngest(clients, bus, waitOptions(demoShops ? 'history' : 'ingest'))),
      ms: performance.now() - waitStarted,
    };
  } finally {
    await bus.close();
  }
  report.done();
  const ingestNote = (outcome: IngestOutcome) =>
    outcome === 'done'
      ? 'done'
      : outcome === 'stalled'
        ? 'stopped moving (see the service logs)'
        : `not finished after ${options.waitSeconds} s`;
  report.line(
    `  ingest ${ingestNote(ingest.outcome)} after ${seconds(ingest.ms)} more: ${ingest.snapshot.catalogProducts ?? '?'} products in catalog, ${ingest.snapshot.searchProducts ?? '?'} searchable`,
  );

  const handOff = demoShops ? await handShopsToCrawler(clients, actor, demoShops, shops.ids) : null;
  if (handOff) {
    report.line(
      `  handed to the crawler: ${handOff.feedsAdded} feeds added (${handOff.feedsExisting} already there), ${handOff.crawledShops} shops without feeds to crawl, selector rules for ${handOff.rulesSet} shops`,
    );
  }

  const catalogStarted = performance.now();
  const tally = await enrichCatalog(clients, generation, shops.ids, actor, options, report);
  for (const [rpc, reason] of tally.refused) report.line(`  catalog.${rpc} refused, skipped: ${reason}`);
  report.line(
    `  catalog: ${tally.productsFound} products found (${tally.productsMissing} not), ${tally.productsEnriched} enriched, ${tally.reviewsAdded} reviews added (${tally.reviewsExisting} already there) in ${seconds(performance.now() - catalogStarted)}`,
  );

  let outcome = ingest.outcome;
  let offers = published.offers;
  if (handOff) {
    const feeds = await waitForFeeds(clients, handOff.feedsByShop, {
      timeoutMs: FEEDS_WAIT_MS,
      pollMs: 1_000,
      onProgress: (done, total) => report.progress(`  feeds: ${done}/${total} fetched`),
    });
    report.done();
    report.line(
      `  feeds: ${feeds.fetched} of ${feeds.feeds} fetched, ${thousands(feeds.itemsObserved)} items observed${feeds.failures.length > 0 ? `; not (yet) read: ${feeds.failures.slice(0, 3).join('; ')}${feeds.failures.length > 3 ? ` and ${feeds.failures.length - 3} more` : ''}` : ''}`,
    );
    const bus2 = await openEventBus(config, logger, 'seed');
    try {
      const current = await waitForIngest(clients, bus2, waitOptions('current offers'));
      report.done();
      outcome = current.outcome === 'done' ? outcome : current.outcome;
      report.line(
        `  current offers ingested: ${current.snapshot.searchProducts ?? '?'} products searchable; the crawler goes on reading ${handOff.crawledShops} shops' pages`,
      );
    } finally {
      await bus2.close();
    }
    offers = feeds.itemsObserved;
  }

  const total = performance.now() - started;
  report.line(
    `seeded: ${generation.shops.length} shops, ${thousands(options.products)} products, ${thousands(offers)} offers${handOff ? ' from feeds' : ''}, ${thousands(published.events)} ${handOff ? 'history ' : ''}events in ${seconds(total)} ` +
      `(${rate(published.events, published.elapsedMs + ingest.ms)} through ingest)`,
  );
  return outcome === 'done' ? 0 : 3;
}

/** How long the seed waits for the feeds' first fetches (a shop in a 503 burst may take a minute or two). */
const FEEDS_WAIT_MS = 180_000;
