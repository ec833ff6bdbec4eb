// A burst of category changes tells the site's micro-cache refresher and page parts once per
// window, not once per event (ADR 131): web/edge/coalesce-category-changes.cjs, as the follower of
// the bus (web/edge/page-events.cjs) uses it.
import { toRecord } from '@pc/kit/events/publisher';
import type { ConsumedRecord } from '@pc/kit/ports/event-bus';
import { Events } from '@pc/proto/event-catalog';
import { CategoryChanged, CategoryDeleted, ProductChanged } from '@pc/proto/catalog/events/v1/events';

/* eslint-disable @typescript-eslint/no-require-imports */
const { coalesceCategoryChanges } = require('../edge/coalesce-category-changes.cjs') as {
  coalesceCategoryChanges: (
    changed: (tags: string[]) => void,
    options?: { windowMs?: number },
  ) => ((tags: string[]) => void) & { stop: () => void };
};
const { followPageChanges } = require('../edge/page-events.cjs') as {
  followPageChanges: (options: object) => { started: Promise<void>; stop: () => Promise<void> };
};
/* eslint-enable @typescript-eslint/no-require-imports */

const WINDOW_MS = 2_000;

beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
afterEach(() => jest.useRealTimers());

/** What `changed` was told, call by call. */
function listener() {
  const calls: string[][] = [];
  return { calls, changed: (tags: string[]) => calls.push(tags) };
}

describe('category changes told to the refresher and page parts', () => {
  it('applies a single change at once', () => {
    const { calls, changed } = listener();
    const tell = coalesceCategoryChanges(changed, { windowMs: WINDOW_MS });
    tell(['categories', 'category:c1']);
    expect(calls).toEqual([['categories', 'category:c1']]);
    jest.advanceTimersByTime(WINDOW_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('tells a burst of 1,000 changes at most twice, the last of them included', () => {
    const { calls, changed } = listener();
    const tell = coalesceCategoryChanges(changed, { windowMs: WINDOW_MS });
    for (let n = 0; n < 1_000; n += 1) {
      tell(['categories', `category:c${n}`]);
      jest.advanceTimersByTime(1); // a burst spread over one second
    }
    expect(calls).toHaveLength(1);
    jest.advanceTimersByTime(WINDOW_MS * 3);
    expect(calls).toHaveLength(2);
    const told = new Set(calls.flat());
    // Nothing lost: every category the burst named, and the pages naming categories after it.
    for (let n = 0; n < 1_000; n += 1) expect(told.has(`category:c${n}`)).toBe(true);
    expect(calls[1]).toContain('categories');
    expect(calls[1]).toContain('category:c999');
  });

  it('tells a burst longer than a window once per window, and its last change after it', () => {
    const { calls, changed } = listener();
    const tell = coalesceCategoryChanges(changed, { windowMs: WINDOW_MS });
    for (let n = 0; n < 50; n += 1) {
      tell(['categories', `category:c${n}`]);
      jest.advanceTimersByTime(100); // five seconds of changes
    }
    jest.advanceTimersByTime(WINDOW_MS);
    expect(calls.length).toBeLessThanOrEqual(1 + Math.ceil(5_000 / WINDOW_MS));
    expect(calls.at(-1)).toContain('category:c49');
  });

  it('applies a change after a quiet window at once again', () => {
    const { calls, changed } = listener();
    const tell = coalesceCategoryChanges(changed, { windowMs: WINDOW_MS });
    tell(['categories', 'category:c1']);
    tell(['categories', 'category:c2']);
    jest.advanceTimersByTime(WINDOW_MS); // c2 told at the window's end, which opens the next
    expect(calls).toEqual([
      ['categories', 'category:c1'],
      ['categories', 'category:c2'],
    ]);
    jest.advanceTimersByTime(WINDOW_MS); // a whole window without a change
    tell(['categories', 'category:c3']);
    expect(calls.at(-1)).toEqual(['categories', 'category:c3']);
    expect(calls).toHaveLength(3);
  });

  it('passes other changes at once, during a window too', () => {
    const { calls, changed } = listener();
    const tell = coalesceCategoryChanges(changed, { windowMs: WINDOW_MS });
    tell(['categories', 'category:c1']);
    tell(['product:p1']);
    tell(['categories', 'category:c2']);
    tell(['shop:s1']);
    expect(calls).toEqual([['categories', 'category:c1'], ['product:p1'], ['shop:s1']]);
  });
});

describe('the follower of the bus', () => {
  /** A bus that hands the follower's handler the records given to `deliver`. */
  function fakeBus() {
    let handler: ((record: ConsumedRecord) => Promise<void>) | null = null;
    let offset = 0;
    return {
      subscribe: async (spec: { handler: (record: ConsumedRecord) => Promise<void> }) => {
        handler = spec.handler;
        return { stop: async () => undefined, lastHeardAt: () => Date.now() };
      },
      deliver: async <T>(type: { topic: string }, key: string, payload: T) => {
        const record = toRecord('catalog', { type: type as never, key, payload });
        await handler!({
          ...record,
          partition: 0,
          offset: offset++,
          timestamp: new Date(),
          attempt: 1,
        } as ConsumedRecord);
      },
    };
  }
  const logger = { info: () => undefined, warn: () => undefined, child: () => logger } as never;

  it('tells a burst of 1,000 category events at most twice, and a product change at once', async () => {
    const bus = fakeBus();
    const { calls, changed } = listener();
    const follower = followPageChanges({ bus, changed, logger, group: 'web.pages.bursts.3000', settleMs: 60_000 });
    await follower.started;
    for (let n = 0; n < 999; n += 1) {
      await bus.deliver(
        Events.categoryChanged,
        `c${n}`,
        CategoryChanged.fromPartial({ categoryId: `c${n}`, version: 2 }),
      );
    }
    await bus.deliver(Events.categoryDeleted, 'c999', CategoryDeleted.fromPartial({ categoryId: 'c999', version: 3 }));
    await bus.deliver(Events.productChanged, 'p1', ProductChanged.fromPartial({ productId: 'p1' }));
    expect(calls).toEqual([['categories', 'category:c0'], ['product:p1']]);
    jest.advanceTimersByTime(WINDOW_MS);
    const category = calls.filter((tags) => tags.includes('categories'));
    expect(category).toHaveLength(2);
    expect(category[1]).toContain('category:c999');
    await follower.stop();
  });
});
