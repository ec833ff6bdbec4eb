import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { Events } from '@pc/proto/event-catalog';
import { eventually } from '../testing/eventually.js';
import { ListingsNotice } from './listings-notice.js';

const silent = pino({ level: 'silent' });
let dir: string;
let bus: EventBus;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-listings-notice-'));
  bus = openEmbeddedEventBus({ path: join(dir, 'log.sqlite') });
});
afterEach(async () => {
  await bus.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ListingsNotice', () => {
  it('tells a large batch in events of 500 products, every product once', async () => {
    const heard: string[][] = [];
    const subscription = await subscribeEvents(bus, {
      group: 'test-notice',
      logger: silent,
      handlers: [on(Events.listingsChanged, async (event) => void heard.push(event.productIds))],
    });
    const ids = Array.from({ length: 1_201 }, (_, i) => `p-${i}`);

    await new ListingsNotice(createEventPublisher(bus, 'search'), silent).searchable(new Set(ids));

    await eventually(async () => expect(heard.flat().sort()).toEqual([...ids].sort()));
    expect(heard.map((part) => part.length).sort((a, b) => a - b)).toEqual([201, 500, 500]);
    await subscription.stop();
  });

  it('resolves when the bus refuses: the lists then expire by age', async () => {
    const warnings: unknown[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    await bus.close();

    await expect(
      new ListingsNotice(createEventPublisher(bus, 'search'), logger).searchable(new Set(['p-1'])),
    ).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.objectContaining({ msg: expect.stringContaining('ListingsChanged not sent') })]);
  });
});
