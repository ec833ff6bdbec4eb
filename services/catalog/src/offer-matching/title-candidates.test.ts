import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import type { CatalogComponents } from '../catalog-components.js';
import { readOffer } from '../domain/offer.js';
import { openCatalogParts, type CatalogParts } from '../test-support/catalog-parts.js';
import { loadMatchLookups, toBatchOffer } from './match-lookups.js';
import { MAX_TITLE_CANDIDATES, rankTitleCandidates, topTitleCandidates } from './title-candidates.js';

const offer = (shopId: string, i: number) =>
  MatchProductRequest.fromPartial({
    shopId,
    shopOfferId: `sku-${i}`,
    title: `Kitchen Blender Turbo Steel ${i % 2 === 0 ? 'black' : 'white'} model KB${1000 + i}`,
    brand: 'Mixwell',
    language: 'en',
    createIfMissing: true,
  });

describe('title candidates', () => {
  it('ranks by shared keys, then by id, and keeps the first ones', () => {
    const shared = new Map([
      ['p3', 1],
      ['p1', 2],
      ['p2', 2],
      ['p0', 1],
    ]);
    expect(rankTitleCandidates(shared).map(([id]) => id)).toEqual(['p1', 'p2', 'p0', 'p3']);
    expect([...topTitleCandidates(shared, 3).keys()]).toEqual(['p1', 'p2', 'p0']);
  });

  describe("in a catalog where many products share an offer's title words", () => {
    let catalog: CatalogParts;
    let parts: CatalogComponents;

    beforeAll(async () => {
      catalog = await openCatalogParts();
      parts = catalog.parts;
      await parts.matcher.matchAll(Array.from({ length: 150 }, (_, i) => offer('first-shop', i)));
    });
    afterAll(() => catalog.close());

    it('leaves out the word pairs all 150 share, and finds the product that shares the model code', async () => {
      const read = readOffer(offer('second-shop', 137));
      if (!('offer' in read)) throw new Error('bad offer');
      const item = toBatchOffer(read.offer);
      const lookups = await loadMatchLookups(parts, [item]);
      const candidates = lookups.titleCandidates[0] ?? new Map();
      // The code (the colour's word pair, which half of them share, is still too common).
      expect(candidates.size).toBeLessThan(5);
      // Loaded: those candidates (and the offer's own product id), not every product of a word pair.
      expect(lookups.products.size).toBeLessThanOrEqual(candidates.size + 1);

      const [result] = await parts.matcher.matchAll([offer('second-shop', 137)]);
      const [first] = await parts.matcher.matchAll([offer('first-shop', 137)]);
      const productOf = (done: typeof result) => (done?.kind === 'done' ? done.match?.productId : undefined);
      // Two matches to one real product, not two misses that compare equal.
      expect(productOf(first)).toEqual(expect.any(String));
      expect(productOf(result)).toBe(productOf(first));
    });

    it('loads only the best candidates when every key of the title is that common', async () => {
      const vague = MatchProductRequest.fromPartial({
        shopId: 'second-shop',
        shopOfferId: 'vague',
        title: 'Kitchen Blender Turbo Steel',
        brand: 'Mixwell',
        language: 'en',
        createIfMissing: true,
      });
      const read = readOffer(vague);
      if (!('offer' in read)) throw new Error('bad offer');
      const lookups = await loadMatchLookups(parts, [toBatchOffer(read.offer)]);
      const candidates = lookups.titleCandidates[0] ?? new Map();
      expect(candidates.size).toBe(2 * MAX_TITLE_CANDIDATES);
      expect(lookups.products.size).toBeLessThanOrEqual(candidates.size + 1);
    });
  });

  describe("when sixty products named in the offer's language share its words, and its product is named in another", () => {
    let catalog: CatalogParts;
    let greenProductId: string | undefined;
    beforeAll(async () => {
      catalog = await openCatalogParts();
      const car = (shopOfferId: string, title: string, language: string) =>
        MatchProductRequest.fromPartial({
          shopId: 'toy-shop',
          shopOfferId,
          title,
          brand: 'Turbotoy',
          language,
          createIfMissing: true,
        });
      const [green] = await catalog.parts.matcher.matchAll([
        car('green', 'Turbotoy Monster 10ZKH 4WD Voiture télécommandée, Vert', 'fr'),
        ...Array.from({ length: 60 }, (_, i) =>
          car(`racer-${i}`, `Ferngesteuertes Auto Turbotoy Flitzer R${100 + i}X (Rot)`, 'de'),
        ),
      ]);
      greenProductId = green?.kind === 'done' ? green.match?.productId : undefined;
    });
    afterAll(() => catalog.close());

    it('ranks the product sharing the rare model code above those sharing only common words, and matches it', async () => {
      const german = MatchProductRequest.fromPartial({
        shopId: 'other-shop',
        shopOfferId: 'g',
        title: 'Ferngesteuertes Auto Turbotoy Monster 10ZKH 4WD (Grün)',
        brand: 'Turbotoy',
        language: 'de',
        createIfMissing: true,
      });
      const [result] = await catalog.parts.matcher.matchAll([german]);
      expect(result?.kind === 'done' && result.match?.method).toBe('title');
      expect(result?.kind === 'done' && result.match?.productId).toBe(greenProductId);
    });
  });
  describe("when a part number is one record's field and the other's title, and many products share the words", () => {
    let catalog: CatalogParts;
    const mower = (shopId: string, shopOfferId: string, title: string, mpn = '') =>
      MatchProductRequest.fromPartial({
        shopId,
        shopOfferId,
        title,
        mpn,
        brand: 'Greenmow',
        language: 'de',
        createIfMissing: true,
      });
    const productOf = (result: Awaited<ReturnType<CatalogComponents['matcher']['matchAll']>>[number] | undefined) =>
      result?.kind === 'done' ? result.match?.productId : undefined;
    let byField: (string | undefined)[] = [];
    let byTitle: (string | undefined)[] = [];

    beforeAll(async () => {
      catalog = await openCatalogParts();
      // 80 mowers with the part number as a field only, 80 with it in the title only: every word
      // pair is shared by more products than a key is read for.
      byField = (
        await catalog.parts.matcher.matchAll(
          Array.from({ length: 80 }, (_, i) =>
            mower('first-shop', `f${i}`, 'Greenmow Akku-Rasenmäher Robo Cordless', `GM-LM${1000 + i}`),
          ),
        )
      ).map(productOf);
      byTitle = (
        await catalog.parts.matcher.matchAll(
          Array.from({ length: 80 }, (_, i) =>
            mower('first-shop', `t${i}`, `Greenmow Akku-Rasenmäher Robo Cordless GM-LX${1000 + i}`),
          ),
        )
      ).map(productOf);
    });
    afterAll(() => catalog.close());

    it("finds the product by the part number written in the offer's title", async () => {
      expect(new Set(byField).size).toBe(80);
      const [result] = await catalog.parts.matcher.matchAll([
        mower('second-shop', 'a', 'Greenmow Rasenmäher Robo GM-LM1042 mit Garantie'),
      ]);
      expect(productOf(result)).toBe(byField[42]);
    });

    it('finds the product whose title carries the part number the offer gives as a field', async () => {
      expect(new Set(byTitle).size).toBe(80);
      const request = mower('second-shop', 'b', 'Greenmow Rasenmäher Robo Cordless', 'gm-lx1017');
      const read = readOffer(request);
      if (!('offer' in read)) throw new Error('bad offer');
      // Ranked first by the part number's key, not among the many by the common words' keys.
      const [first, second] = rankTitleCandidates(
        (await loadMatchLookups(catalog.parts, [toBatchOffer(read.offer)])).titleCandidates[0] ?? new Map(),
      );
      expect(first?.[0]).toBe(byTitle[17]);
      expect(first?.[1]).toBeGreaterThan(second?.[1] ?? 0);
      const [result] = await catalog.parts.matcher.matchAll([request]);
      expect(productOf(result)).toBe(byTitle[17]);
    });
  });
});
