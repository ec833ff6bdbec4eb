import { parseDay } from '@pc/seed/calendar/days';
import { builtinTaxonomy } from '@pc/seed/taxonomy/builtin-categories';
import { startDemoShops, type RunningDemoShops } from '../server/demo-server.js';
import { DemoWorld, type DemoWorldOptions } from '../world/demo-world.js';

/** A small world: the seed's default 60 shops (every site style occurs), fewer products and days. */
export const TEST_WORLD: DemoWorldOptions = {
  seed: '1',
  products: 150,
  shops: 60,
  untilDay: parseDay('2026-11-01') as number,
  historyDays: 30,
  imageBaseUrl: 'http://127.0.0.1:3000',
};

/** Tests' own loopback network, so a running `npm start` (127.10) is never in the way. */
export const TEST_NETWORK = '127.77';

export const buildTestWorld = (options: Partial<DemoWorldOptions> = {}): DemoWorld =>
  DemoWorld.build({ ...TEST_WORLD, ...options }, builtinTaxonomy(), { network: TEST_NETWORK, port: 0 });

/** The demo shops on a free port with a clock the test moves. */
export async function startTestShops(world: DemoWorld): Promise<{ running: RunningDemoShops; clock: { now: number } }> {
  const clock = { now: world.startMs + 3_600_000 };
  const running = await startDemoShops({
    world,
    addressing: { network: TEST_NETWORK, port: 0 },
    clock: () => clock.now,
  });
  return { running, clock };
}
