import { pino } from 'pino';
import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { tokenizeTitle } from '../matching/title-tokens.js';
import { TokenStatisticsRepository } from '../store/token-statistics-repository.js';
import { openCatalogParts, type CatalogParts } from '../test-support/catalog-parts.js';
import { TITLE_KEYS_VERSION } from './title-key-backfill.js';
import { TOKEN_STATISTICS_DEFAULTS, TokenStatistics, type TokenStatisticsOptions } from './token-statistics.js';

const silent = pino({ level: 'silent' });
// Twelve mixers of one brand: each model's words are its own, the rest every product's.
const MODELS = ['Aster Artisan Quartz', 'Birch Bold Ruby', 'Cedar Classic Onyx', 'Dahlia Deco Pearl', 'Elm Elite Jade', 'Fern Flair Opal', 'Gorse Grand Amber', 'Hazel Heritage Coral', 'Iris Icon Topaz', 'Juniper Jubilee Ivory', 'Larch Legend Garnet', 'Maple Metro Saffron'];
const mixer = (model: string): string => `${model} Kitchen Stand Mixer Stainless Steel`;
const offer = (shopOfferId: string, title: string) => MatchProductRequest.fromPartial({ shopId: 'shop-1', shopOfferId, title, brand: 'Domestia', language: 'en', createIfMissing: true });
const weightOf = (statistics: TokenStatistics, word: string): number => statistics.weights().weightOf(tokenizeTitle(word)[0]!);

describe('TokenStatistics (title-token weights from the catalog\'s products)', () => {
  let catalog: CatalogParts;
  let clock: number;
  const options = (fields: Partial<TokenStatisticsOptions> = {}): TokenStatisticsOptions => ({ ...TOKEN_STATISTICS_DEFAULTS, minProducts: MODELS.length, now: () => clock, ...fields });

  beforeEach(async () => {
    clock = Date.parse('2026-11-29T00:00:00Z');
    catalog = await openCatalogParts(options());
  });
  afterEach(() => catalog.close());

  async function createProducts(models: readonly string[]): Promise<string[]> {
    const results = await catalog.parts.matcher.matchAll(models.map((model) => offer(model, mixer(model))));
    return results.map((result) => (result.kind === 'done' && result.match?.method === 'created' ? result.match.productId : 'not created'));
  }

  /** Another replica's view of the same store. */
  async function replica(fields: Partial<TokenStatisticsOptions> = {}): Promise<TokenStatistics> {
    const { products, brands } = catalog.parts;
    return new TokenStatistics({ products, brands, statistics: await TokenStatisticsRepository.open(catalog.documents) }, silent, options(fields));
  }

  it('keeps kind weights while the catalog holds fewer products than the minimum', async () => {
    await createProducts(MODELS.slice(1));
    expect(await catalog.parts.tokenStatistics.refresh()).toBe('kind');
    expect(catalog.parts.tokenStatistics.weights().learned).toBe(false);
    expect(weightOf(catalog.parts.tokenStatistics, 'kitchen')).toBe(weightOf(catalog.parts.tokenStatistics, 'aster'));
  });

  it('weighs a word every product has below a model\'s own word, and an unseen word most', async () => {
    expect(await createProducts(MODELS)).not.toContain('not created');
    const { tokenStatistics } = catalog.parts;
    expect(await tokenStatistics.refresh()).toBe('built');
    expect(tokenStatistics.weights().learned).toBe(true);
    expect(weightOf(tokenStatistics, 'kitchen')).toBeLessThan(weightOf(tokenStatistics, 'aster'));
    expect(weightOf(tokenStatistics, 'domestia')).toBeLessThan(weightOf(tokenStatistics, 'aster'));
    expect(weightOf(tokenStatistics, 'aster')).toBeLessThanOrEqual(weightOf(tokenStatistics, 'blender'));
    expect(await tokenStatistics.refresh()).toBe('unchanged');
  });

  it('matches by them: a title of only the words all the mixers share is no longer taken for one of them', async () => {
    await createProducts(MODELS);
    const generic = 'Kitchen Stand Mixer Stainless Steel';
    const [byKind] = await catalog.parts.matcher.matchAll([offer('generic-1', generic)]);
    expect(byKind?.kind === 'done' && byKind.match?.method).toBe('title');

    await catalog.parts.tokenStatistics.refresh();
    const [byStatistics] = await catalog.parts.matcher.matchAll([offer('generic-2', generic)]);
    expect(byStatistics?.kind === 'done' && byStatistics.match?.method).toBe('created');
    // A model's own words still find it.
    const [byModel] = await catalog.parts.matcher.matchAll([offer('aster', 'Aster Artisan Quartz Stand Mixer')]);
    expect(byModel?.kind === 'done' && byModel.match?.method).toBe('title');
  });

  it('shares one snapshot between replicas: the one that finds it due counts, the others load it', async () => {
    await createProducts(MODELS);
    const first = await replica();
    const second = await replica();
    expect(await first.refresh()).toBe('built');
    expect(await second.refresh()).toBe('loaded');
    expect(weightOf(second, 'aster')).toBe(weightOf(first, 'aster'));
    expect(weightOf(second, 'kitchen')).toBe(weightOf(first, 'kitchen'));
  });

  it('counts again when the catalog grew by the growth factor, when the snapshot is too old, or after a tokenizer change', async () => {
    await createProducts(MODELS.slice(0, 6));
    const statistics = await replica({ minProducts: 6, growthFactor: 2, maxAgeMs: 3_600_000 });
    expect(await statistics.refresh()).toBe('built');
    await createProducts(MODELS.slice(6, 11));
    expect(await statistics.refresh()).toBe('unchanged'); // 11 < 2 × 6
    await createProducts(MODELS.slice(11));
    expect(await statistics.refresh()).toBe('built');
    clock += 3_600_000;
    expect(await statistics.refresh()).toBe('built');

    const repository = await TokenStatisticsRepository.open(catalog.documents);
    const head = (await repository.head())!;
    await repository.publish({ ...head, snapshotId: 'older-tokenizer', derivation: TITLE_KEYS_VERSION - 1 }, new Map(), head._version);
    expect(await statistics.refresh()).toBe('built');
    expect((await repository.head())?.derivation).toBe(TITLE_KEYS_VERSION);
  });

  it('counts a sample of at most `sampleProducts` products', async () => {
    await createProducts(MODELS);
    const statistics = await replica({ sampleProducts: 5, minProducts: 5 });
    expect(await statistics.refresh()).toBe('built');
    const head = await (await TokenStatisticsRepository.open(catalog.documents)).head();
    expect(head).toMatchObject({ documents: 5, products: MODELS.length });
  });
});

describe('TokenStatisticsRepository', () => {
  let catalog: CatalogParts;
  beforeEach(async () => {
    catalog = await openCatalogParts();
  });
  afterEach(() => catalog.close());

  const head = (snapshotId: string) => ({ snapshotId, documents: 10, products: 10, derivation: TITLE_KEYS_VERSION, builtAt: '2026-11-29T00:00:00.000Z' });

  it('publishes a snapshot of any size and reads it back whole', async () => {
    const repository = await TokenStatisticsRepository.open(catalog.documents);
    const frequencies = new Map(Array.from({ length: 12_345 }, (_, index) => [`token${index}.5`, index % 7] as const));
    expect(await repository.publish(head('big'), frequencies, 0)).toBe(true);
    expect(await repository.frequencies((await repository.head())!)).toEqual(frequencies);
  });

  it('lets only one of two builders that read the same head publish, and removes the loser\'s snapshot', async () => {
    const repository = await TokenStatisticsRepository.open(catalog.documents);
    expect(await repository.publish(head('winner'), new Map([['acme', 3]]), 0)).toBe(true);
    expect(await repository.publish(head('loser'), new Map([['acme', 5]]), 0)).toBe(false);
    const current = (await repository.head())!;
    expect(current.snapshotId).toBe('winner');
    expect(await repository.frequencies(current)).toEqual(new Map([['acme', 3]]));
    // The loser's chunks are gone: a reader that had its head would find it incomplete.
    expect(await repository.frequencies({ ...current, snapshotId: 'loser' })).toBeNull();
  });

  it('removes the chunks of the snapshot it replaces', async () => {
    const repository = await TokenStatisticsRepository.open(catalog.documents);
    await repository.publish(head('old'), new Map([['acme', 3]]), 0);
    const old = (await repository.head())!;
    await repository.publish(head('new'), new Map([['acme', 4]]), old._version);
    expect(await repository.frequencies(old)).toBeNull();
  });
});
