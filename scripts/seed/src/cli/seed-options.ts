import { parseArgs } from 'node:util';
import { z } from 'zod';
import { dayOf, parseDay, type DayNumber } from '../calendar/days.js';
import { MAX_PRODUCTS } from '../catalog/product-universe.js';

/**
 * The default size: small enough that the first `npm start` is seeded and searchable well within
 * two minutes on two cores (see README "Demo data" for the measurement).
 */
export const DEFAULT_PRODUCTS = 600;

export interface SeedOptions {
  readonly products: number;
  readonly shops: number;
  readonly seed: string;
  readonly historyDays: number;
  /** Most imported reviews a product gets. */
  readonly reviews: number;
  readonly dryRun: boolean;
  /** "Now" of the generated world: 00:00 UTC of this day. */
  readonly untilDay: DayNumber;
  readonly cohortSize: number;
  readonly batchSize: number;
  /** Where the site serves the placeholder images, e.g. "http://127.0.0.1:3000". */
  readonly imageBaseUrl: string;
  /** How long to wait for the services to finish ingesting, in seconds. */
  readonly waitSeconds: number;
  /**
   * bench:core only: publish every offer's current observation straight onto the bus (no demo
   * shops, feeds or crawler) — the direct path a million-product benchmark needs. Otherwise the
   * current offers come through the crawler and the feeds (ADR 040).
   */
  readonly benchDirect: boolean;
}

export const USAGE = `npm run seed -- [flags]

  --products N       products to generate (default ${DEFAULT_PRODUCTS}, at most ${MAX_PRODUCTS.toLocaleString('en')})
  --shops N          directory shops in CH, DE, AT, FR, IT, ES, PT, GB (default 60)
  --seed S           random seed; the same flags give the same data (default 1)
  --history-days D   days of price history before "now" (default 365)
  --until YYYY-MM-DD "now" of the generated world, 00:00 UTC (default: today)
  --reviews N        most imported reviews per product (default 8; 0 for none, and no shop reviews)
  --dry-run          generate and count, publish nothing
  --cohort N         products walked through time together (default 5000; bounds memory)
  --batch N          observations per published batch (default 2000)
  --image-base URL   origin of the site serving /img/placeholder (default http://127.0.0.1:$WEB_PORT)
  --wait S           seconds to wait for ingest to finish (default 600)
  --bench-direct     bench:core only: publish the current offers as observations directly
                     instead of through the demo shops, their feeds and the crawler
`;

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const schema = z.object({
  products: count(1, MAX_PRODUCTS).default(DEFAULT_PRODUCTS),
  shops: count(2, 2000).default(60),
  seed: z.string().min(1).max(100).default('1'),
  'history-days': count(1, 3 * 365).default(365),
  until: z.string().optional(),
  reviews: count(0, 200).default(8),
  'dry-run': z.boolean().default(false),
  'bench-direct': z.boolean().default(false),
  cohort: count(1, MAX_PRODUCTS).default(5_000),
  batch: count(1, 50_000).default(2000),
  'image-base': z.url({ protocol: /^https?$/ }).optional(),
  wait: count(1, 24 * 3600).default(600),
  help: z.boolean().default(false),
});

const BOOLEAN_FLAGS = new Set(['dry-run', 'bench-direct', 'help']);

/** Thrown for bad flags: the message lists each problem and the usage. */
export class UsageError extends Error {}

/** Reads the flags; `today` is only used when --until is absent. */
export function parseSeedOptions(argv: readonly string[], env: NodeJS.ProcessEnv, today: Date): SeedOptions | 'help' {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: Object.fromEntries(
        Object.keys(schema.shape).map((name) => [name, { type: BOOLEAN_FLAGS.has(name) ? 'boolean' : 'string' }]),
      ) as Record<string, { type: 'string' | 'boolean' }>,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new UsageError(`invalid flags:\n${problems}\n\n${USAGE}`);
  }
  const flags = parsed.data;
  if (flags.help) return 'help';
  const untilDay = flags.until === undefined ? dayOf(today) : parseDay(flags.until);
  if (untilDay === null)
    throw new UsageError(`invalid flags:\n  --until: expected a date YYYY-MM-DD, got "${flags.until}"\n\n${USAGE}`);
  const webPort = env.WEB_PORT ?? '3000';
  return {
    products: flags.products,
    shops: flags.shops,
    seed: flags.seed,
    historyDays: flags['history-days'],
    reviews: flags.reviews,
    dryRun: flags['dry-run'],
    untilDay,
    cohortSize: flags.cohort,
    batchSize: flags.batch,
    imageBaseUrl: (flags['image-base'] ?? `http://127.0.0.1:${webPort}`).replace(/\/+$/, ''),
    waitSeconds: flags.wait,
    benchDirect: flags['bench-direct'],
  };
}
