import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatDay, parseDay } from '@pc/seed/calendar/days';
import { parseSeedOptions, UsageError } from '@pc/seed/cli/seed-options';
import type { DemoWorldOptions } from '../world/demo-world.js';
import { isLoopbackNetwork, type ShopAddressing } from '../world/shop-addresses.js';

export const DEMO_USAGE = `node scripts/demo-shops/dist/main.js [--port N] [--network 127.10] [--state FILE] [seed flags]

  --port N        the port every shop and the admin address listen on (default $DEMO_SHOPS_PORT or 8800)
  --network A.B   the shops' loopback network: shop i is A.B.(i div 250).(1 + i mod 250) (default 127.10)
  --state FILE    remembers the world's flags (and its "now") on first start, reuses them later
  seed flags      --seed, --products, --shops, --until, --history-days, --image-base as \`npm run seed\`
                  takes them: the shops sell exactly the seed's offers
`;

export interface DemoCliOptions {
  readonly world: DemoWorldOptions;
  readonly addressing: ShopAddressing;
}

const OWN_FLAGS = new Set(['--port', '--network', '--state']);

/** The seed flags that decide the world, as a state file keeps them. */
interface PinnedWorld {
  readonly seed: string;
  readonly products: number;
  readonly shops: number;
  readonly until: string;
  readonly historyDays: number;
  readonly imageBaseUrl: string;
}

/**
 * Reads the demo shops' own flags and the seed's (others the seed takes, such as --reviews, are
 * accepted and ignored). With `--state`, the first start writes the world's flags there and later
 * starts reuse them: the data dir was seeded with that world, and its "now" (the until day) must
 * not move to the day of a restart.
 */
export function parseDemoOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  today: Date,
): DemoCliOptions | 'help' {
  const own = new Map<string, string>();
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (OWN_FLAGS.has(arg)) {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`${arg} needs a value\n\n${DEMO_USAGE}`);
      own.set(arg, value);
      i += 1;
    } else rest.push(arg);
  }
  const seedOptions = parseSeedOptions(rest, env, today);
  if (seedOptions === 'help') return 'help';
  const portText = own.get('--port') ?? env.DEMO_SHOPS_PORT ?? '8800';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new UsageError(`--port: expected a port number, got "${portText}"`);
  const network = own.get('--network') ?? env.DEMO_SHOPS_NETWORK ?? '127.10';
  if (!isLoopbackNetwork(network))
    throw new UsageError(`--network: expected two octets inside 127.0.0.0/8 such as 127.10, got "${network}"`);
  let world: PinnedWorld = {
    seed: seedOptions.seed,
    products: seedOptions.products,
    shops: seedOptions.shops,
    until: formatDay(seedOptions.untilDay),
    historyDays: seedOptions.historyDays,
    imageBaseUrl: seedOptions.imageBaseUrl,
  };
  const state = own.get('--state');
  if (state) {
    if (existsSync(state)) world = JSON.parse(readFileSync(state, 'utf8')) as PinnedWorld;
    else {
      mkdirSync(dirname(state), { recursive: true });
      writeFileSync(state, `${JSON.stringify(world, null, 2)}\n`);
    }
  }
  const untilDay = parseDay(world.until);
  if (untilDay === null) throw new UsageError(`the state file ${state} names no valid until day: "${world.until}"`);
  return {
    world: {
      seed: world.seed,
      products: world.products,
      shops: world.shops,
      untilDay,
      historyDays: world.historyDays,
      imageBaseUrl: world.imageBaseUrl,
    },
    addressing: { network, port },
  };
}
