import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { newProductFromOffer } from '../domain/new-product.js';
import { readOffer, type OfferFacts } from '../domain/offer.js';
import { productTypeWords } from '../matching/product-type-words.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../matching/token-weights.js';
import type { StoredProduct } from '../store/product-repository.js';
import { toBatchOffer, type MatchLookups } from './match-lookups.js';
import { MatchPlanner } from './match-planner.js';

const facts = (fields: Partial<MatchProductRequest>): OfferFacts => {
  const result = readOffer(
    MatchProductRequest.fromPartial({
      shopId: 's',
      shopOfferId: 'o',
      language: 'en',
      createIfMissing: true,
      ...fields,
    }),
  );
  if (!('offer' in result)) throw new Error('bad offer');
  return result.offer;
};
const stored = (id: string, offer: OfferFacts, fields: Partial<StoredProduct> = {}): StoredProduct => ({
  ...newProductFromOffer({ id, offer, brandId: '', categoryPathIds: [], now: '2026-01-01T00:00:00.000Z' }),
  _version: 1,
  ...fields,
});
const lookups = (fields: Partial<MatchLookups>): MatchLookups => ({
  links: new Map(),
  gtinOwners: new Map(),
  mpnOwners: new Map(),
  titleOwners: new Map(),
  brandsByKey: new Map(),
  brandsById: new Map(),
  titleCandidates: [],
  products: new Map(),
  weights: DEFAULT_TOKEN_WEIGHTS,
  productTypes: new Map(),
  candidateCategories: new Map(),
  ...fields,
});
const GTIN = '04006381333931';

describe('MatchPlanner (pure decisions over batch lookups)', () => {
  it('creates a new product once for two offers of one batch, and claims its keys once', () => {
    const batch = [
      facts({ shopOfferId: 'a', title: 'Widget', gtin: GTIN, brand: 'Acme', mpn: 'WX-100' }),
      facts({ shopOfferId: 'b', title: 'Widget!', gtin: GTIN }),
    ].map(toBatchOffer);
    const plan = MatchPlanner.plan(batch, lookups({}));
    expect(plan.matches.map((m) => m?.method)).toEqual(['created', 'gtin']);
    expect(plan.matches[1]?.productId).toBe(plan.matches[0]?.productId);
    expect(plan.newProducts).toHaveLength(1);
    expect(plan.claims).toEqual([
      { kind: 'gtin', key: GTIN, productId: plan.matches[0]?.productId },
      { kind: 'mpn', key: 'acme|WX100', productId: plan.matches[0]?.productId },
    ]);
    expect(plan.contributions.get(plan.matches[0]?.productId ?? '')?.map((c) => c.gtin)).toEqual([GTIN]);
  });

  it('adopts a claim whose product was never written (its creator died), under the claimed id', () => {
    const [item] = [facts({ shopOfferId: 'late', title: 'Widget', gtin: GTIN })].map(toBatchOffer);
    const plan = MatchPlanner.plan([item!], lookups({ gtinOwners: new Map([[GTIN, 'orphan-id']]) }));
    expect(plan.matches[0]).toEqual({ productId: 'orphan-id', method: 'created', confidence: 1 });
    expect(plan.newProducts[0]).toMatchObject({ id: 'orphan-id', adopted: true });
  });

  it('claims the title of a product created from a title alone, where the matcher would link a second offer of it', () => {
    const batch = [
      facts({ shopOfferId: 'kettle', title: 'Acme Kettle 1.7 l', brand: 'Acme' }),
      facts({ shopOfferId: 'barcode', title: 'Acme Toaster', brand: 'Acme', gtin: GTIN }),
      facts({ shopOfferId: 'part', title: 'Acme Blender', brand: 'Acme', mpn: 'BL-200' }),
      // A title `decideMatch` does not take even for itself: a second offer of it would not link.
      facts({ shopOfferId: 'letter', title: 'A', brand: 'Acme' }),
    ].map(toBatchOffer);
    expect(batch.map((item) => item.titleClaimKey !== '')).toEqual([true, false, false, true]);
    const plan = MatchPlanner.plan(batch, lookups({}));
    expect(plan.newProducts).toHaveLength(4);
    expect(plan.claims.filter((claim) => claim.kind === 'title')).toEqual([
      { kind: 'title', key: batch[0]?.titleClaimKey, productId: batch[0]?.ownProductId },
    ]);
  });

  it('scopes a title claim by language, brand and category, and ignores case, punctuation, accents and word order', () => {
    const key = (fields: Partial<MatchProductRequest>) =>
      toBatchOffer(facts({ title: 'Acme Kettle Rapid Boil 1.7 l', brand: 'Acme', ...fields })).titleClaimKey;
    const base = key({});
    expect(key({ title: 'rapid-boil KETTLE, 1.7L (Acme)' })).toBe(base);
    expect(key({ title: 'Acmé Kettle Rapid Boil 1,7 l', brand: 'ACME Inc.', shopId: 'other' })).toBe(base);
    for (const other of [
      { title: 'Acme Kettle Rapid Boil 1.2 l' },
      { title: 'Acme Kettle Rapid Boil 1.7 l Black' },
      { language: 'de' },
      { brand: 'Acme Tools' },
      { brand: '' },
      { googleProductCategoryId: 2 },
    ])
      expect(key(other)).not.toBe(base);
    // An MPN without a brand makes no brand + MPN claim: it scopes the title's.
    expect(key({ brand: '', mpn: 'K17' })).not.toBe('');
    expect(key({ brand: '', mpn: 'K17' })).not.toBe(key({ brand: '' }));
    expect(key({ mpn: 'K17' })).toBe('');
  });

  it('links an offer to the product holding its title claim, and adopts a title claim never written', () => {
    const [item] = [facts({ shopOfferId: 'x', title: 'kettle 1.7L ACME', brand: 'Acme' })].map(toBatchOffer);
    const key = item!.titleClaimKey;
    const holder = stored('p1', facts({ title: 'Acme Kettle 1.7 l', brand: 'Acme' }));
    // Found by its claim though no title key led to it.
    const found = MatchPlanner.plan(
      [item!],
      lookups({ titleOwners: new Map([[key, 'p1']]), products: new Map([['p1', holder]]) }),
    );
    expect(found.matches[0]).toMatchObject({ productId: 'p1', method: 'title' });
    expect(found.claims).toEqual([]);

    const orphan = MatchPlanner.plan([item!], lookups({ titleOwners: new Map([[key, 'orphan-id']]) }));
    expect(orphan.matches[0]).toEqual({ productId: 'orphan-id', method: 'created', confidence: 1 });
    expect(orphan.newProducts[0]).toMatchObject({ id: 'orphan-id', adopted: true, adoptedAs: 'title' });
    expect(orphan.claims).toEqual([{ kind: 'title', key, productId: 'orphan-id' }]);

    // A holder staff hid is no title candidate: the offer creates its own product, unclaimed.
    const hidden = MatchPlanner.plan(
      [item!],
      lookups({
        titleOwners: new Map([[key, 'p1']]),
        products: new Map([['p1', { ...holder, status: 'hidden' as const }]]),
      }),
    );
    expect(hidden.matches[0]).toMatchObject({ productId: item!.ownProductId, method: 'created' });
    expect(hidden.claims).toEqual([]);
  });

  it('sends offers of a merged product to the product it was merged into', () => {
    const [item] = [facts({ shopOfferId: 'x', title: 'Widget', gtin: GTIN })].map(toBatchOffer);
    const merged = stored('old', facts({ title: 'Widget' }), { status: 'merged', mergedIntoProductId: 'survivor' });
    const plan = MatchPlanner.plan(
      [item!],
      lookups({ gtinOwners: new Map([[GTIN, 'old']]), products: new Map([['old', merged]]) }),
    );
    expect(plan.matches[0]).toMatchObject({ productId: 'survivor', method: 'gtin' });
  });

  it('refuses a brand + MPN candidate whose GTIN differs, and creates nothing without create_if_missing', () => {
    const candidate = stored('p1', facts({ title: 'Toner cyan', brand: 'HP', mpn: 'Q7581A', gtin: GTIN }));
    const [item] = [
      facts({
        shopOfferId: 'y',
        title: 'Toner cyan',
        brand: 'HP',
        mpn: 'q7581a',
        gtin: '00012345678905',
        createIfMissing: false,
      }),
    ].map(toBatchOffer);
    const plan = MatchPlanner.plan(
      [item!],
      lookups({ mpnOwners: new Map([['hp|Q7581A', 'p1']]), products: new Map([['p1', candidate]]) }),
    );
    expect(plan.matches).toEqual([null]);
    expect(plan.newProducts).toEqual([]);
  });

  it("reads the product-type noun each shop writes in its language as its category's, not as a difference", () => {
    const dolls = productTypeWords('g1257', ['Dolls', 'Puppen', 'Poupées', 'Bambole', 'Muñecas', 'Bonecas']);
    const batch = [
      facts({
        shopOfferId: 'de',
        title: 'Puppe Spielwerk Sofia 9PPM Deluxe',
        brand: 'Spielwerk',
        googleProductCategoryId: 1257,
      }),
      facts({
        shopOfferId: 'fr',
        title: 'Spielwerk Sofia 9PPM Deluxe | Poupée',
        brand: 'Spielwerk',
        googleProductCategoryId: 1257,
      }),
    ].map(toBatchOffer);
    const withTypes = MatchPlanner.plan(batch, lookups({ productTypes: new Map([[1257, dolls]]) }));
    expect(withTypes.matches.map((m) => m?.method)).toEqual(['created', 'title']);
    expect(withTypes.matches[1]?.productId).toBe(withTypes.matches[0]?.productId);
    // Without the category's words, "Puppe" and "Poupée" are each title's own word.
    expect(MatchPlanner.plan(batch, lookups({})).matches.map((m) => m?.method)).toEqual(['created', 'created']);
  });

  it("compares an offer that names no category in its candidate's category", () => {
    const boardGames = { key: 'g1246', words: new Set(['jeu', 'de', 'societe', 'gioco', 'da', 'tavolo']) };
    const candidate = stored(
      'p1',
      facts({
        title: 'Spielwerk Expedition 2X12 | Gioco da tavolo',
        brand: 'Spielwerk',
        googleProductCategoryId: 1246,
      }),
    );
    const [item] = [
      facts({ shopOfferId: 'fr', title: 'Jeu de société Expedition 2X12 de Spielwerk', brand: 'Spielwerk' }),
    ].map(toBatchOffer);
    const found = {
      titleCandidates: [new Map([['p1', 1]])],
      products: new Map([['p1', candidate]]),
      productTypes: new Map([[1246, boardGames]]),
    };
    const inCandidates = MatchPlanner.plan(
      [item!],
      lookups({ ...found, candidateCategories: new Map([['p1', 1246]]) }),
    );
    expect(inCandidates.matches[0]).toMatchObject({ productId: 'p1', method: 'title' });
    expect(MatchPlanner.plan([item!], lookups(found)).matches[0]?.method).toBe('created');
  });

  it('answers a known link first, and an earlier creation of the same offer as its link', () => {
    const [linked, recreated] = [facts({ shopOfferId: 'l', title: 'A' }), facts({ shopOfferId: 'r', title: 'B' })].map(
      toBatchOffer,
    );
    const own = stored(recreated!.ownProductId, recreated!.offer);
    const link = {
      _id: linked!.linkId,
      shopId: 's',
      shopOfferId: 'l',
      productId: 'p9',
      method: 'title',
      confidence: 0.7,
      linkedAt: '',
    };
    const plan = MatchPlanner.plan(
      [linked!, recreated!],
      lookups({ links: new Map([[linked!.linkId, link]]), products: new Map([[own._id, own]]) }),
    );
    expect(plan.matches).toEqual([
      { productId: 'p9', method: 'existing_link', confidence: 1 },
      { productId: own._id, method: 'existing_link', confidence: 1 },
    ]);
  });
});
