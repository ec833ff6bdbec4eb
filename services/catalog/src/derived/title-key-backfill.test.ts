import { pino } from 'pino';
import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { openCatalogParts, type CatalogParts } from '../test-support/catalog-parts.js';
import { backfillTitleKeys, TITLE_KEYS_VERSION } from './title-key-backfill.js';

const silent = pino({ level: 'silent' });
const offer = (shopOfferId: string, title: string, mpn = '') =>
  MatchProductRequest.fromPartial({
    shopId: 'shop-1',
    shopOfferId,
    title,
    mpn,
    brand: 'Domestia',
    language: 'en',
    createIfMissing: true,
  });

describe('backfillTitleKeys', () => {
  let catalog: CatalogParts;
  beforeEach(async () => {
    catalog = await openCatalogParts();
  });
  afterEach(() => catalog.close());

  it('files the products of an older store under the keys the current derivation gives them, once', async () => {
    const { parts } = catalog;
    const [created] = await parts.matcher.matchAll([offer('sku-1', 'Domestia Smoothie 800WBE Pro Blender, White')]);
    const productId = created?.kind === 'done' ? (created.match?.productId ?? '') : '';
    expect(productId).not.toBe('');
    const brandId = (await parts.products.get(productId))?.brandId ?? '';
    const byCode = () => parts.keys.titleCandidates(['code:800wbe'], { brandId, gtinlessOnly: false });
    expect([...(await byCode()).keys()]).toEqual([productId]);
    // The store as version 1 left it: no key for a digit-first code.
    await parts.keys.deleteTitleKeys([`code:800wbe|${productId}`]);
    await parts.keys.setTitleKeysVersion(1);
    expect((await byCode()).size).toBe(0);

    expect(await backfillTitleKeys(parts, silent)).toBe(1);
    expect([...(await byCode()).keys()]).toEqual([productId]);
    expect(await parts.keys.titleKeysVersion()).toBe(TITLE_KEYS_VERSION);
    expect(await backfillTitleKeys(parts, silent)).toBe(0);
  });

  /** A product filed, then its title key `key` ("code:79nnv") removed as a store of `version` lacked it. */
  async function storedWithout(
    key: string,
    title: string,
    version: number,
    mpn: string,
  ): Promise<{ productId: string; byCode: () => Promise<Map<string, number>> }> {
    const { parts } = catalog;
    const [created] = await parts.matcher.matchAll([offer(`sku-${version}`, title, mpn)]);
    const productId = created?.kind === 'done' ? (created.match?.productId ?? '') : '';
    const brandId = (await parts.products.get(productId))?.brandId ?? '';
    const byCode = () => parts.keys.titleCandidates([key], { brandId, gtinlessOnly: false });
    expect([...(await byCode()).keys()]).toEqual([productId]);
    await parts.keys.deleteTitleKeys([`${key}|${productId}`]);
    await parts.keys.setTitleKeysVersion(version);
    return { productId, byCode };
  }

  it.each<[number, string, string, string, string]>([
    [2, 'under codes that end in a unit letter', 'code:dcs5020l', 'Domestia DCS-5020L Wi-Fi Camera', ''],
    [
      3,
      'under their dotted reference numbers',
      'code:31163445106001',
      'Domestia Chronograph Watch 311.63.44.51.06.001',
      '',
    ],
    [7, 'under a count written together with three letters', 'code:79nnv', 'Domestia Vista 79NNV', ''],
    // The numeral is a number now: "steel" is among the first five words.
    [
      8,
      'under the word pairs a roman numeral no longer takes a place of',
      'words:kettle+steel',
      'Domestia Kettle III Glass Jug Steel',
      '',
    ],
    [
      9,
      'under the English word of a product type in its own language',
      'words:lens+prime',
      'Domestia Objektiv Prime Weitwinkel',
      '',
    ],
    [
      10,
      'under their part number, which their names lack',
      'code:domkt42ss',
      'Domestia Kettle Steel 1.7 l',
      'DOM-KT42-SS',
    ],
    [
      11,
      'under the words of a German compound of "chronograph"',
      'words:chronograph+pilot',
      'Domestia Herrenchronograph Pilot Steel',
      '',
    ],
    [
      12,
      'under the word a "jc" (jewel case) took the place of',
      'words:domestia+solitaire',
      'Domestia Hoyle JC Kids Games Solitaire',
      '',
    ],
    [13, 'under the model of an AMD Ryzen processor', 'code:1600x', 'Domestia Ryzen 5 1600X Boxed Processor', ''],
    [14, 'under an Intel model written apart', 'code:i76850k', 'Domestia Core i7 6850K Processor', ''],
    [15, 'under "run" where a shoe\'s title writes "RN"', 'words:free+run', 'Domestia Free RN Trainer Blue', ''],
    [
      16,
      'under the word pairs an "upgrading" no longer takes a place of',
      'words:suite+video',
      'Domestia Upgrading Teachers Photo Suite Video',
      '',
    ],
  ])('files the products of a version-%i store %s (the next version)', async (version, _what, key, title, mpn) => {
    const { productId, byCode } = await storedWithout(key, title, version, mpn);
    expect(await backfillTitleKeys(catalog.parts, silent)).toBe(1);
    expect([...(await byCode()).keys()]).toEqual([productId]);
  });

  it('does nothing on a store that is up to date, and leaves the version alone when stopped', async () => {
    const { parts } = catalog;
    await parts.matcher.matchAll([offer('sku-2', 'Domestia Juicer 2JX9 Slow')]);
    await parts.keys.setTitleKeysVersion(TITLE_KEYS_VERSION);
    expect(await backfillTitleKeys(parts, silent)).toBe(0);
    await parts.keys.setTitleKeysVersion(1);
    expect(await backfillTitleKeys(parts, silent, () => true)).toBe(0);
    expect(await parts.keys.titleKeysVersion()).toBe(1);
  });

  it('resumes a stopped pass after the last page it filed instead of starting over', async () => {
    const { parts } = catalog;
    await parts.matcher.matchAll([
      offer('sku-a', 'Domestia Juicer 2JX9 Slow'),
      offer('sku-b', 'Domestia Kettle 7KT1 Glass'),
      offer('sku-c', 'Domestia Toaster 4TS2 Steel'),
    ]);
    await parts.keys.setTitleKeysVersion(1);
    const onePerPage = { pageSize: 1, rest: () => Promise.resolve() };
    let pages = 0;
    // Stopped (a deploy) after the first page.
    expect(await backfillTitleKeys(parts, silent, () => pages++ >= 1, onePerPage)).toBe(1);
    expect(await parts.keys.titleKeysVersion()).toBe(1);
    expect((await parts.keys.titleKeysProgress())?.version).toBe(TITLE_KEYS_VERSION);

    expect(await backfillTitleKeys(parts, silent, () => false, onePerPage)).toBe(2);
    expect(await parts.keys.titleKeysVersion()).toBe(TITLE_KEYS_VERSION);
    expect(await parts.keys.titleKeysProgress()).toBeNull();
  });

  it('starts over when the pass that stopped worked toward another derivation', async () => {
    const { parts } = catalog;
    await parts.matcher.matchAll([offer('sku-a', 'Domestia Juicer 2JX9 Slow'), offer('sku-b', 'Domestia Kettle 7KT1')]);
    await parts.keys.setTitleKeysVersion(1);
    await parts.keys.setTitleKeysProgress({ version: TITLE_KEYS_VERSION - 1, after: '\uffff' });
    expect(await backfillTitleKeys(parts, silent, () => false, { pageSize: 1, rest: () => Promise.resolve() })).toBe(2);
  });
});
