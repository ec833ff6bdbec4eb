import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { testDataDir, testDataMissing } from '@pc/kit/config/test-data';
import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { testGtin } from '../test-support/gtins.js';
import { tokenizeTitle } from '../matching/title-tokens.js';
import { TokenStatisticsRepository, type TokenStatisticsHead } from '../store/token-statistics-repository.js';
import { openCatalogParts, type CatalogParts } from '../test-support/catalog-parts.js';
import { TITLE_KEYS_VERSION } from './title-key-backfill.js';
import { TOKEN_STATISTICS_DEFAULTS, TokenStatistics, type TokenStatisticsOptions } from './token-statistics.js';

const silent = pino({ level: 'silent' });
// Twelve mixers of one brand: each model's words are its own, the rest every product's.
const MODELS = [
  'Aster Artisan Quartz',
  'Birch Bold Ruby',
  'Cedar Classic Onyx',
  'Dahlia Deco Pearl',
  'Elm Elite Jade',
  'Fern Flair Opal',
  'Gorse Grand Amber',
  'Hazel Heritage Coral',
  'Iris Icon Topaz',
  'Juniper Jubilee Ivory',
  'Larch Legend Garnet',
  'Maple Metro Saffron',
];
const mixer = (model: string): string => `${model} Kitchen Stand Mixer Stainless Steel`;
const offer = (shopOfferId: string, title: string) =>
  MatchProductRequest.fromPartial({
    shopId: 'shop-1',
    shopOfferId,
    title,
    brand: 'Domestia',
    language: 'en',
    createIfMissing: true,
  });
const weightOf = (statistics: TokenStatistics, word: string): number =>
  statistics.weights().weightOf(tokenizeTitle(word)[0]!);
const snapshotOf = (frequencies: ReadonlyMap<string, number>) => ({
  frequencies,
  vocabulary: new Map<number, string[]>(),
});

describe("TokenStatistics (title-token weights from the catalog's products)", () => {
  let catalog: CatalogParts;
  let clock: number;
  const options = (fields: Partial<TokenStatisticsOptions> = {}): TokenStatisticsOptions => ({
    ...TOKEN_STATISTICS_DEFAULTS,
    minProducts: MODELS.length,
    now: () => clock,
    ...fields,
  });

  beforeEach(async () => {
    clock = Date.parse('2026-11-29T00:00:00Z');
    catalog = await openCatalogParts(options());
  });
  afterEach(() => catalog.close());

  async function createProducts(models: readonly string[]): Promise<string[]> {
    const results = await catalog.parts.matcher.matchAll(models.map((model) => offer(model, mixer(model))));
    return results.map((result) =>
      result.kind === 'done' && result.match?.method === 'created' ? result.match.productId : 'not created',
    );
  }

  /** Another replica's view of the same store. */
  async function replica(fields: Partial<TokenStatisticsOptions> = {}): Promise<TokenStatistics> {
    const { products, brands, categories } = catalog.parts;
    return new TokenStatistics(
      { products, brands, categories, statistics: await TokenStatisticsRepository.open(catalog.documents) },
      silent,
      options(fields),
    );
  }

  it('keeps kind weights while the catalog holds fewer products than the minimum', async () => {
    await createProducts(MODELS.slice(1));
    expect(await catalog.parts.tokenStatistics.refresh()).toBe('kind');
    expect(catalog.parts.tokenStatistics.weights().learned).toBe(false);
    expect(weightOf(catalog.parts.tokenStatistics, 'kitchen')).toBe(weightOf(catalog.parts.tokenStatistics, 'aster'));
  });

  it("weighs a word every product has below a model's own word, and an unseen word most", async () => {
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
    await repository.publish(
      { ...head, snapshotId: 'older-tokenizer', derivation: TITLE_KEYS_VERSION - 1 },
      snapshotOf(new Map()),
      head._version,
    );
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

const testData = testDataDir();
const hasTaxonomy = !!testData && existsSync(join(testData, 'google-product-taxonomy', 'taxonomy-with-ids.en-US.txt'));
if (!hasTaxonomy) process.stderr.write(testDataMissing('google-product-taxonomy', 'category vocabulary tests'));
const BOARD_GAMES = 1246;
const GAMES = [
  'Expedition 2X12',
  'Harbour 4X20',
  'Kingdoms 3X10',
  'Lights 5X14',
  'Meadow 6X11',
  'Nomads 7X16',
  'Orchard 8X13',
  'Pirates 9X15',
  'Quarry 2X17',
  'Rivers 3X19',
  'Summit 4X12',
  'Tundra 5X18',
];

(hasTaxonomy ? describe : describe.skip)("TokenStatistics: the categories' vocabulary", () => {
  let catalog: CatalogParts;
  beforeEach(async () => {
    catalog = await openCatalogParts({ ...TOKEN_STATISTICS_DEFAULTS, minProducts: GAMES.length });
  });
  afterEach(() => catalog.close());

  const game = (
    shopId: string,
    shopOfferId: string,
    title: string,
    language: string,
    fields: Partial<MatchProductRequest> = {},
  ) =>
    MatchProductRequest.fromPartial({
      shopId,
      shopOfferId,
      title,
      brand: 'Spielwerk',
      language,
      createIfMissing: true,
      ...fields,
    });

  it("learns a category's words in each language from products named in several, and matches an offer in another language by them", async () => {
    // Each game sold by a German, a French and an Italian shop (one GTIN: one product, three names).
    await catalog.parts.matcher.matchAll(
      GAMES.flatMap((line, index) => {
        const fields = { gtin: testGtin(46, index), googleProductCategoryId: BOARD_GAMES };
        return [
          game('de-shop', `de-${index}`, `Brettspiel Spielwerk ${line}`, 'de', fields),
          game('fr-shop', `fr-${index}`, `Jeu de société ${line} de Spielwerk`, 'fr', fields),
          game('it-shop', `it-${index}`, `Spielwerk ${line} | Gioco da tavolo`, 'it', fields),
        ];
      }),
    );
    const [created] = await catalog.parts.matcher.matchAll([
      game('it-shop', 'it-new', 'Spielwerk Valley 6X14 | Gioco da tavolo', 'it', {
        googleProductCategoryId: BOARD_GAMES,
      }),
    ]);
    expect(created?.kind === 'done' && created.match?.method).toBe('created');

    const { tokenStatistics } = catalog.parts;
    expect(await tokenStatistics.refresh()).toBe('built');
    const words = tokenStatistics.vocabulary().words.get(BOARD_GAMES) ?? [];
    expect(words).toEqual(expect.arrayContaining(['brettspiel', 'jeu', 'societe', 'gioco', 'tavolo']));
    expect(words).not.toContain('spielwerk');
    expect(words).not.toContain('kingdoms');

    // A French shop without a Google category: compared in the Italian product's category.
    const [french] = await catalog.parts.matcher.matchAll([
      game('fr-shop', 'fr-new', 'Jeu de société Valley 6X14 de Spielwerk', 'fr'),
    ]);
    expect(french?.kind === 'done' && french.match).toMatchObject({
      method: 'title',
      productId: created?.kind === 'done' ? created.match?.productId : 'none',
    });
    // Another replica loads the same words.
    const replica = new TokenStatistics(
      {
        products: catalog.parts.products,
        brands: catalog.parts.brands,
        categories: catalog.parts.categories,
        statistics: await TokenStatisticsRepository.open(catalog.documents),
      },
      silent,
      { ...TOKEN_STATISTICS_DEFAULTS, minProducts: GAMES.length },
    );
    expect(await replica.refresh()).toBe('loaded');
    expect(replica.vocabulary()).toEqual(tokenStatistics.vocabulary());
  });

  it('counts again once after an upgrade when the snapshot holds no vocabulary', async () => {
    await catalog.parts.matcher.matchAll(
      GAMES.map((line, index) => game('de-shop', `de-${index}`, `Brettspiel Spielwerk ${line}`, 'de')),
    );
    const repository = await TokenStatisticsRepository.open(catalog.documents);
    const { tokenStatistics } = catalog.parts;
    expect(await tokenStatistics.refresh()).toBe('built');
    const head = (await repository.head())!;
    // The head a release before the vocabulary wrote: the same fields, without `vocabulary`.
    const { _id, _version, vocabulary, ...older } = head;
    expect(vocabulary).toBe(true);
    const heads = await catalog.documents.collection<TokenStatisticsHead>({ name: 'token_statistics' });
    await heads.put({ _id, ...older }, { expectedVersion: _version });
    expect(await tokenStatistics.refresh()).toBe('built');
    expect((await repository.head())?.vocabulary).toBe(true);
    expect(await tokenStatistics.refresh()).toBe('unchanged');
  });
});

describe('TokenStatisticsRepository', () => {
  let catalog: CatalogParts;
  beforeEach(async () => {
    catalog = await openCatalogParts();
  });
  afterEach(() => catalog.close());

  const head = (snapshotId: string) => ({
    snapshotId,
    documents: 10,
    products: 10,
    derivation: TITLE_KEYS_VERSION,
    builtAt: '2026-11-29T00:00:00.000Z',
  });

  it('publishes a snapshot of any size and reads it back whole', async () => {
    const repository = await TokenStatisticsRepository.open(catalog.documents);
    const frequencies = new Map(Array.from({ length: 12_345 }, (_, index) => [`token${index}.5`, index % 7] as const));
    const vocabulary = new Map(
      Array.from({ length: 1_234 }, (_, index) => [index + 1, [`word${index}`, 'de']] as const),
    );
    expect(await repository.publish(head('big'), { frequencies, vocabulary }, 0)).toBe(true);
    expect(await repository.snapshot((await repository.head())!)).toEqual({ frequencies, vocabulary });
  });

  it("lets only one of two builders that read the same head publish, and removes the loser's snapshot", async () => {
    const repository = await TokenStatisticsRepository.open(catalog.documents);
    expect(await repository.publish(head('winner'), snapshotOf(new Map([['acme', 3]])), 0)).toBe(true);
    expect(await repository.publish(head('loser'), snapshotOf(new Map([['acme', 5]])), 0)).toBe(false);
    const current = (await repository.head())!;
    expect(current.snapshotId).toBe('winner');
    expect((await repository.snapshot(current))?.frequencies).toEqual(new Map([['acme', 3]]));
    // The loser's chunks are gone: a reader that had its head would find it incomplete.
    expect(await repository.snapshot({ ...current, snapshotId: 'loser' })).toBeNull();
  });

  it('removes the chunks of the snapshot it replaces', async () => {
    const repository = await TokenStatisticsRepository.open(catalog.documents);
    await repository.publish(head('old'), snapshotOf(new Map([['acme', 3]])), 0);
    const old = (await repository.head())!;
    await repository.publish(head('new'), snapshotOf(new Map([['acme', 4]])), old._version);
    expect(await repository.snapshot(old)).toBeNull();
  });
});
