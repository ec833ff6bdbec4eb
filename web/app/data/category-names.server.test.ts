import { status } from '@grpc/grpc-js';

jest.mock('~/services/catalog.server', () => ({ categoryTree: jest.fn() }));

const phones = (name: string) => [{ id: 'phones', name, productsCount: 3, children: [] }];

/** A fresh process's kept names over a stand-in for catalog, on the test's clock (loaded after it is set). */
async function keptNames() {
  jest.resetModules();
  const { categoryTree } = await import('~/services/catalog.server');
  const { categoryNamesIn } = await import('./category-names.server');
  // What the site's follower of the event bus reaches (entry.server.tsx's `pageParts`).
  const { sitePageParts } = await import('./site-page-parts.server');
  // The failure a service call throws, of the same module the site's loaders know it by.
  const { RpcError } = await import('@pc/kit/errors/grpc-errors');
  const down = () => new RpcError(status.UNAVAILABLE, 'catalog is down');
  return { tree: jest.mocked(categoryTree), categoryNamesIn, down, parts: sitePageParts };
}

describe('category names kept per language (ADR 126)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2030, 0, 1), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  it('asks catalog once per language, and again in the background once a minute has passed', async () => {
    const { tree, categoryNamesIn } = await keptNames();
    tree.mockImplementation(async (language) => phones(language === 'de' ? 'Handys' : 'Téléphones'));
    const [one, two] = await Promise.all([categoryNamesIn('de'), categoryNamesIn('de')]);
    expect(one.name('phones')).toBe('Handys');
    expect(two.name('phones')).toBe('Handys');
    expect((await categoryNamesIn('fr')).name('phones')).toBe('Téléphones');
    expect(tree.mock.calls).toEqual([['de'], ['fr']]);

    // Renamed in catalog: the kept names stand for a minute, then are answered while read again.
    tree.mockImplementation(async () => phones('Mobiltelefone'));
    jest.advanceTimersByTime(59_000);
    expect((await categoryNamesIn('de')).name('phones')).toBe('Handys');
    expect(tree).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(2_000);
    expect((await categoryNamesIn('de')).name('phones')).toBe('Handys');
    await new Promise((resolve) => setImmediate(resolve));
    expect((await categoryNamesIn('de')).name('phones')).toBe('Mobiltelefone');
    expect(tree).toHaveBeenCalledTimes(3);
  });

  it('answers no names while catalog fails, and asks it again on the next read', async () => {
    const { tree, categoryNamesIn, down } = await keptNames();
    tree.mockRejectedValueOnce(down());
    expect((await categoryNamesIn('it')).name('phones')).toBeUndefined();
    tree.mockResolvedValueOnce(phones('Cellulari'));
    expect((await categoryNamesIn('it')).name('phones')).toBe('Cellulari');
    expect(tree).toHaveBeenCalledTimes(2);
  });

  it('keeps the last names while catalog fails to read them again', async () => {
    const { tree, categoryNamesIn, down } = await keptNames();
    tree.mockResolvedValueOnce(phones('Teléfonos'));
    expect((await categoryNamesIn('es')).name('phones')).toBe('Teléfonos');
    tree.mockRejectedValue(down());
    jest.advanceTimersByTime(30 * 60_000);
    expect((await categoryNamesIn('es')).name('phones')).toBe('Teléfonos');
    await new Promise((resolve) => setImmediate(resolve));
    expect((await categoryNamesIn('es')).name('phones')).toBe('Teléfonos');
    expect(tree.mock.calls.length).toBeGreaterThan(1);
  });
});

describe('category names dropped when a category changes (ADR 131)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2030, 0, 1), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  it('reads the names again on the next render once the follower hears a category change', async () => {
    const { tree, categoryNamesIn, parts } = await keptNames();
    tree.mockResolvedValueOnce(phones('Handys'));
    expect((await categoryNamesIn('de')).name('phones')).toBe('Handys');
    tree.mockResolvedValue(phones('Mobiltelefone'));
    // Other changes (a price, a shop, a product's trail) leave them kept.
    parts.changed(['product:p1', 'shop:s1', 'listing:p1', 'category:phones']);
    expect((await categoryNamesIn('de')).name('phones')).toBe('Handys');
    // CategoryChanged names every page naming categories (web/edge/page-events.cjs).
    parts.changed(['categories', 'category:phones']);
    expect((await categoryNamesIn('de')).name('phones')).toBe('Mobiltelefone');
    expect(tree).toHaveBeenCalledTimes(2);
  });

  it('keeps a tree read while other changes are heard', async () => {
    const { tree, categoryNamesIn, parts } = await keptNames();
    let answer: (names: ReturnType<typeof phones>) => void = () => undefined;
    tree.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const reading = categoryNamesIn('fr');
    parts.changed(['product:p1']);
    answer(phones('Téléphones'));
    expect((await reading).name('phones')).toBe('Téléphones');
    expect((await categoryNamesIn('fr')).name('phones')).toBe('Téléphones');
    expect(tree).toHaveBeenCalledTimes(1);
  });

  it('does not keep a tree read while a category changed: it may predate the change', async () => {
    const { tree, categoryNamesIn, parts } = await keptNames();
    let answer: (names: ReturnType<typeof phones>) => void = () => undefined;
    tree.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const reading = categoryNamesIn('it');
    parts.changed(['categories', 'category:phones']);
    answer(phones('Telefoni'));
    expect((await reading).name('phones')).toBe('Telefoni');
    tree.mockResolvedValueOnce(phones('Cellulari'));
    expect((await categoryNamesIn('it')).name('phones')).toBe('Cellulari');
  });

  it('keeps the names past the minute while the bus is followed', async () => {
    const { tree, categoryNamesIn, parts } = await keptNames();
    parts.followed(Date.now(), 60 * 60_000);
    tree.mockResolvedValueOnce(phones('Handys'));
    expect((await categoryNamesIn('de')).name('phones')).toBe('Handys');
    tree.mockResolvedValue(phones('Mobiltelefone'));
    jest.advanceTimersByTime(4 * 60_000);
    await categoryNamesIn('de');
    await new Promise((resolve) => setImmediate(resolve));
    // The evented age (PAGE_PARTS_EVENTED_MAX_AGE_SECONDS, 300 s): no read again within it.
    expect((await categoryNamesIn('de')).name('phones')).toBe('Handys');
    expect(tree).toHaveBeenCalledTimes(1);
  });
});
