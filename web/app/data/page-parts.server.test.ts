import { pageParts } from './page-parts.server';

/** A service's answers, counted: the n-th read answers `${name}#n`. */
function service(name: string) {
  let calls = 0;
  return {
    calls: () => calls,
    load: async () => `${name}#${(calls += 1)}`,
  };
}

/** A read that waits until `finish` is called. */
function slowRead(answer: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish: () => finish(), load: async () => (await done, answer) };
}

describe('page parts kept between changes', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => (clock = 1_000));
  const parts = (maxAgeMs = 30_000, maxEntries = 100) => pageParts({ maxAgeMs, maxEntries, now });

  it('answers a part from memory until it is as old as allowed, then asks the service again', async () => {
    const kept = parts();
    const offers = service('offers');
    const read = () => kept.read('offers|1', offers.load, () => ['product:1']);
    expect(await read()).toBe('offers#1');
    clock += 29_999;
    expect(await read()).toBe('offers#1');
    clock += 1;
    expect(await read()).toBe('offers#2');
    expect(kept.stats).toMatchObject({ hits: 1, misses: 2 });
  });

  it('drops the parts that show what an event changed, and only those', async () => {
    const kept = parts();
    const rows = service('rows');
    const other = service('other');
    const readRows = () => kept.read('rows|1', rows.load, () => ['listing:1', 'listing:7', 'listing:8']);
    const readOther = () => kept.read('rows|2', other.load, () => ['listing:2', 'listing:9']);
    await Promise.all([readRows(), readOther()]);
    kept.changed(['listing:8', 'product:99']);
    expect(await readRows()).toBe('rows#2');
    expect(await readOther()).toBe('other#1');
    expect(kept.stats.changed).toBe(1);
  });

  it('shares one read among visitors asking at the same time', async () => {
    const kept = parts();
    const slow = slowRead('product');
    let calls = 0;
    const load = () => ((calls += 1), slow.load());
    const both = Promise.all([1, 2, 3].map(() => kept.read('product|1|en', load, () => ['product:1'])));
    slow.finish();
    expect(await both).toEqual(['product', 'product', 'product']);
    expect(calls).toBe(1);
  });

  it('hands a part read while a change was heard to its readers but does not keep it', async () => {
    const kept = parts();
    const slow = slowRead('offers before the change');
    const first = kept.read('offers|1', slow.load, () => ['product:1']);
    kept.changed(['shop:3']);
    // A reader after the change does not wait for the read that began before it.
    const fresh = service('offers');
    const second = kept.read('offers|1', fresh.load, () => ['product:1']);
    slow.finish();
    expect(await first).toBe('offers before the change');
    expect(await second).toBe('offers#1');
    expect(await kept.read('offers|1', fresh.load, () => ['product:1'])).toBe('offers#1');
    expect(fresh.calls()).toBe(1);
  });

  it('keeps no answer that failed or that its reader says is incomplete', async () => {
    const kept = parts();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('offers unavailable');
    };
    await expect(kept.read('offers|1', failing, () => ['product:1'])).rejects.toThrow('offers unavailable');
    await expect(kept.read('offers|1', failing, () => ['product:1'])).rejects.toThrow('offers unavailable');
    expect(calls).toBe(2);
    const partial = service('partial');
    await kept.read('offers|2', partial.load, () => null);
    expect(await kept.read('offers|2', partial.load, () => null)).toBe('partial#2');
    expect(kept.size()).toBe(0);
  });

  it('hands an answer whose tags cannot be told to its reader without keeping it', async () => {
    const kept = parts();
    const product = service('product');
    const unreadable = (): string[] => {
      throw new Error('no tags');
    };
    expect(await kept.read('product|1', product.load, unreadable)).toBe('product#1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(kept.size()).toBe(0);
    expect(await kept.read('product|1', product.load, unreadable)).toBe('product#2');
  });

  it('keeps at most its number of parts, the least recently read leaving first', async () => {
    const kept = parts(30_000, 2);
    const loads = { a: service('a'), b: service('b'), c: service('c') };
    const read = (key: 'a' | 'b' | 'c') => kept.read(key, loads[key].load, () => [`product:${key}`]);
    await read('a');
    await read('b');
    await read('a'); // a is now read more recently than b
    await read('c');
    expect(kept.size()).toBe(2);
    expect(await read('a')).toBe('a#1');
    expect(await read('b')).toBe('b#2');
    expect(kept.stats.evicted).toBe(2);
  });

  it('keeps nothing when its maximum age is 0', async () => {
    const kept = parts(0);
    const product = service('product');
    await kept.read('product|1', product.load, () => ['product:1']);
    expect(await kept.read('product|1', product.load, () => ['product:1'])).toBe('product#2');
    expect(kept.keeps).toBe(false);
    expect(kept.size()).toBe(0);
  });

  describe('parts every change of which an event names, while the bus is followed (ADR 101)', () => {
    const evented = { evented: true };
    const long = () => pageParts({ maxAgeMs: 30_000, eventedMaxAgeMs: 300_000, maxEntries: 100, now });
    /** The follower, subscribed at `since`, saying so every 5 s (each saying holding 15 s) for `ms`. */
    const followFor = (kept: ReturnType<typeof long>, ms: number, since = 1_000) => {
      for (const end = clock + ms; clock < end; clock += 5_000) kept.followed(since, 15_000);
      kept.followed(since, 15_000);
    };

    it('keeps an evented part up to the longer age while the bus is followed, any other part its own', async () => {
      const kept = long();
      kept.followed(clock, 15_000);
      const offers = service('offers');
      const clicks = service('clicks');
      const readOffers = () => kept.read('offers|1', offers.load, () => ['product:1'], evented);
      const readClicks = () => kept.read('clicks|1', clicks.load, () => ['product:1']);
      await Promise.all([readOffers(), readClicks()]);
      followFor(kept, 30_000);
      expect(await readClicks()).toBe('clicks#2');
      followFor(kept, 265_000);
      expect(await readOffers()).toBe('offers#1');
      followFor(kept, 5_000);
      expect(await readOffers()).toBe('offers#2');
    });

    it('still drops an evented part as soon as an event names it', async () => {
      const kept = long();
      kept.followed(clock, 15_000);
      const offers = service('offers');
      const read = () => kept.read('offers|1', offers.load, () => ['product:1'], evented);
      await read();
      followFor(kept, 60_000);
      kept.changed(['product:1']);
      expect(await read()).toBe('offers#2');
    });

    it('gives an evented part the short age once the follower has not been heard for as long as its saying held', async () => {
      const kept = long();
      kept.followed(clock, 15_000);
      const offers = service('offers');
      const read = () => kept.read('offers|1', offers.load, () => ['product:1'], evented);
      await read();
      clock += 29_999;
      expect(await read()).toBe('offers#1');
      clock += 1;
      expect(await read()).toBe('offers#2');
    });

    it('gives the short age to an evented part read before the bus was followed', async () => {
      const kept = long();
      const offers = service('offers');
      const read = () => kept.read('offers|1', offers.load, () => ['product:1'], evented);
      await read();
      clock += 1;
      followFor(kept, 30_000);
      expect(await read()).toBe('offers#2');
      followFor(kept, 60_000);
      expect(await read()).toBe('offers#2');
    });

    it('gives the short age to a part whose read began before the spell, though it ended within it', async () => {
      const kept = long();
      const first = slowRead('offers#1');
      const pending = kept.read('offers|1', first.load, () => ['product:1'], evented);
      clock += 1;
      kept.followed(clock, 15_000);
      first.finish();
      expect(await pending).toBe('offers#1');
      followFor(kept, 30_000);
      const again = service('again');
      expect(await kept.read('offers|1', again.load, () => ['product:1'], evented)).toBe('again#1');
    });

    it('after a lapse, or when the follower subscribed again, keeps longer only what was read since', async () => {
      const kept = long();
      kept.followed(clock, 15_000);
      const before = service('before');
      const after = service('after');
      const restarted = service('restarted');
      const readBefore = () => kept.read('offers|1', before.load, () => ['product:1'], evented);
      const readAfter = () => kept.read('offers|2', after.load, () => ['product:2'], evented);
      const readRestarted = () => kept.read('offers|3', restarted.load, () => ['product:3'], evented);
      const since = clock;
      await Promise.all([readBefore(), readRestarted()]);
      clock += 20_000; // no saying heard for longer than the last one held
      kept.followed(since, 15_000);
      clock += 1;
      await readAfter();
      followFor(kept, 40_000, since);
      expect(await readBefore()).toBe('before#2');
      expect(await readAfter()).toBe('after#1');
      // The follower subscribed again, a moment ago: a change before that may have gone unheard.
      followFor(kept, 5_000, clock - 1_000);
      expect(await readAfter()).toBe('after#2');
      expect(await readRestarted()).toBe('restarted#2');
    });
  });

  describe('past its age, within the stale window', () => {
    const stale = (staleMs = 30_000) => pageParts({ maxAgeMs: 30_000, staleMs, maxEntries: 100, now });
    /** Lets a read in the background settle. */
    const settled = () => new Promise((resolve) => setImmediate(resolve));

    it('answers the kept part at once while one read in the background replaces it', async () => {
      const kept = stale();
      const offers = service('offers');
      const read = () => kept.read('offers|1', offers.load, () => ['product:1']);
      await read();
      clock += 45_000;
      expect(await Promise.all([read(), read()])).toEqual(['offers#1', 'offers#1']);
      await settled();
      expect(offers.calls()).toBe(2);
      expect(await read()).toBe('offers#2');
      expect(kept.stats).toMatchObject({ hits: 1, stale: 2, misses: 1 });
      // The new answer counts its age from its own read.
      clock += 29_999;
      expect(await read()).toBe('offers#2');
    });

    it('reads first once the stale window has passed too', async () => {
      const kept = stale();
      const offers = service('offers');
      const read = () => kept.read('offers|1', offers.load, () => ['product:1']);
      await read();
      clock += 60_000;
      expect(await read()).toBe('offers#2');
      expect(kept.stats.stale).toBe(0);
    });

    it('never answers a part an event changed, however recent', async () => {
      const kept = stale();
      const offers = service('offers');
      const read = () => kept.read('offers|1', offers.load, () => ['product:1', 'shop:3']);
      await read();
      clock += 45_000;
      kept.changed(['shop:3']);
      expect(await read()).toBe('offers#2');
    });

    it('does not keep a read in the background that a change of what it shows overtook, nor a failed one', async () => {
      const kept = stale();
      // The new answer shows a shop the kept one did not.
      const tagsOf = (answer: string) => (answer === 'first' ? ['product:1'] : ['product:1', 'shop:7']);
      const read = (load: () => Promise<string>) => kept.read('offers|1', load, tagsOf);
      await read(async () => 'first');
      clock += 45_000;
      const slow = slowRead('read before the change');
      expect(await read(slow.load)).toBe('first');
      kept.changed(['shop:7']);
      slow.finish();
      await settled();
      expect(await read(async () => Promise.reject(new Error('offers unavailable')))).toBe('first');
      await settled();
      // Neither replaced it, and the next reader tries again.
      const offers = service('offers');
      expect(await read(offers.load)).toBe('first');
      await settled();
      expect(await read(offers.load)).toBe('offers#1');
    });

    it('keeps a read in the background when the changes heard meanwhile name nothing it shows', async () => {
      const kept = stale();
      const read = (load: () => Promise<string>) => kept.read('offers|1', load, () => ['product:1', 'shop:7']);
      await read(async () => 'first');
      clock += 45_000;
      const slow = slowRead('second');
      expect(await read(slow.load)).toBe('first');
      kept.changed(['shop:99', 'product:2']);
      slow.finish();
      await settled();
      expect(await read(async () => 'third')).toBe('second');
    });

    it('keeps the kept part when the read in the background is incomplete', async () => {
      const kept = stale();
      const offers = service('offers');
      const complete = (answer: string) => (answer === 'offers#2' ? null : ['product:1']);
      const read = () => kept.read('offers|1', offers.load, complete);
      await read();
      clock += 45_000;
      expect(await read()).toBe('offers#1');
      await settled();
      expect(await read()).toBe('offers#1');
      await settled();
      expect(await read()).toBe('offers#3');
    });

    it('runs at most two reads in the background at once, answering the others as they are', async () => {
      const kept = stale();
      const reads = ['a', 'b', 'c'].map((key) => ({ key, slow: slowRead(`${key}#2`), calls: 0 }));
      for (const { key } of reads)
        await kept.read(
          key,
          async () => `${key}#1`,
          () => [`product:${key}`],
        );
      clock += 45_000;
      const readAll = () =>
        Promise.all(
          reads.map((r) =>
            kept.read(
              r.key,
              () => ((r.calls += 1), r.slow.load()),
              () => [`product:${r.key}`],
            ),
          ),
        );
      expect(await readAll()).toEqual(['a#1', 'b#1', 'c#1']);
      await settled();
      expect(reads.map((r) => r.calls)).toEqual([1, 1, 0]);
      reads[0]!.slow.finish();
      await settled();
      // A turn is free again: the next reader of c starts its read.
      expect(await readAll()).toEqual(['a#2', 'b#1', 'c#1']);
      await settled();
      expect(reads.map((r) => r.calls)).toEqual([1, 1, 1]);
    });

    it('begins at most its number of reads in the background a second, answering the others as they are', async () => {
      const kept = pageParts({ maxAgeMs: 30_000, staleMs: 30_000, readsAgainPerSecond: 10, maxEntries: 100, now });
      const offers = { a: service('a'), b: service('b') };
      const read = (key: 'a' | 'b') => kept.read(key, offers[key].load, () => [`product:${key}`]);
      await read('a');
      await read('b');
      clock += 45_000;
      expect([await read('a'), await read('b')]).toEqual(['a#1', 'b#1']);
      await settled();
      // One read in the background began; b's turn comes a tenth of a second later.
      expect([offers.a.calls(), offers.b.calls()]).toEqual([2, 1]);
      clock += 99;
      expect(await read('b')).toBe('b#1');
      await settled();
      expect(offers.b.calls()).toBe(1);
      clock += 1;
      expect(await read('b')).toBe('b#1');
      await settled();
      expect([await read('a'), await read('b')]).toEqual(['a#2', 'b#2']);
    });

    it('reads a part in the last third of its stale window again without waiting for the pace', async () => {
      // One read begun every ten seconds.
      const kept = pageParts({ maxAgeMs: 30_000, staleMs: 30_000, readsAgainPerSecond: 0.1, maxEntries: 100, now });
      const offers = { a: service('a'), b: service('b'), c: service('c') };
      const read = (key: 'a' | 'b' | 'c') => kept.read(key, offers[key].load, () => [`product:${key}`]);
      await Promise.all([read('a'), read('b'), read('c')]);
      clock += 45_000;
      await read('a');
      await settled();
      // b waits for the pace half-way through its window…
      await read('b');
      await settled();
      expect([offers.a.calls(), offers.b.calls()]).toEqual([2, 1]);
      // …c, five seconds later with a third of its window left, does not.
      clock += 5_000;
      await read('c');
      await settled();
      expect(offers.c.calls()).toBe(2);
      expect(await read('c')).toBe('c#2');
    });

    it('reads first without a stale window', async () => {
      const kept = stale(0);
      const offers = service('offers');
      await kept.read('offers|1', offers.load, () => ['product:1']);
      clock += 30_000;
      expect(await kept.read('offers|1', offers.load, () => ['product:1'])).toBe('offers#2');
    });
  });
});
