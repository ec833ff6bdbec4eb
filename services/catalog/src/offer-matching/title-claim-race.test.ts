import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import type { CatalogComponents } from '../catalog-components.js';
import { titleKeyRecords } from '../derived/title-keys.js';
import { titleClaim } from '../store/product-key-repository.js';
import { batchOf } from '../test-support/batch-offers.js';
import { openCatalogParts, type CatalogParts } from '../test-support/catalog-parts.js';
import { testGtin } from '../test-support/gtins.js';
import { loadMatchLookups } from './match-lookups.js';
import { MatchPlanner } from './match-planner.js';
import { ClaimConflict, writePlan } from './plan-writer.js';

/** An offer that identifies its product by its title alone: no GTIN, no MPN. */
const request = (shopId: string, title: string, fields: Partial<MatchProductRequest> = {}) =>
  MatchProductRequest.fromPartial({
    shopId,
    shopOfferId: `${shopId}-${title}`,
    title,
    brand: 'Acme',
    language: 'en',
    createIfMissing: true,
    ...fields,
  });

describe('two writers racing to create one new product from its title alone (title claims)', () => {
  let catalog: CatalogParts;
  let parts: CatalogComponents;

  beforeAll(async () => {
    catalog = await openCatalogParts();
    parts = catalog.parts;
  });
  afterAll(() => catalog.close());

  /** Plans both batches from lookups read before either writes: each plans to create its products. */
  async function planBoth(left: ReturnType<typeof batchOf>, right: ReturnType<typeof batchOf>) {
    const [leftLookups, rightLookups] = await Promise.all([
      loadMatchLookups(parts, left),
      loadMatchLookups(parts, right),
    ]);
    return {
      leftPlan: MatchPlanner.plan(left, leftLookups),
      leftLookups,
      rightPlan: MatchPlanner.plan(right, rightLookups),
      rightLookups,
    };
  }

  it("lets the first writer's title claim win, fails the loser before it writes a product, and links the loser to it", async () => {
    const left = batchOf([request('left', 'Acme Kettle Rapid Boil 1.7 l, Stainless Steel')]);
    // Another shop writes the same product in other case, punctuation, word order and brand spelling.
    const rightRequests = [request('right', 'STAINLESS STEEL rapid boil kettle (1.7L) - ACME', { brand: 'ACME inc.' })];
    const right = batchOf(rightRequests);
    expect(left[0]?.titleClaimKey).not.toBe('');
    expect(right[0]?.titleClaimKey).toBe(left[0]?.titleClaimKey);

    const { leftPlan, leftLookups, rightPlan, rightLookups } = await planBoth(left, right);
    expect(rightPlan.newProducts).toHaveLength(1);
    expect(rightPlan.claims).toEqual([
      { kind: 'title', key: right[0]?.titleClaimKey, productId: rightPlan.newProducts[0]?.id },
    ]);

    const [winner] = await writePlan(parts, left, leftPlan, leftLookups);
    expect(winner).toMatchObject({ method: 'created', created: true });
    await expect(writePlan(parts, right, rightPlan, rightLookups)).rejects.toBeInstanceOf(ClaimConflict);
    expect(await parts.products.get(rightPlan.newProducts[0]?.id ?? '')).toBeNull();

    // As if the loser matched again between the winner's product write and its title keys: the
    // claim alone leads it to the winner's product.
    const product = await parts.products.get(winner?.productId ?? '');
    const brand = await parts.brands.get(product?.brandId ?? '');
    await parts.keys.deleteTitleKeys(titleKeyRecords(product!, brand?.name ?? '').map((key) => key._id));
    expect((await loadMatchLookups(parts, right)).titleCandidates[0]?.size).toBe(0);

    const [rematched] = await parts.matcher.matchAll(rightRequests);
    expect(rematched).toMatchObject({
      kind: 'done',
      match: { productId: winner?.productId, method: 'title', created: false },
    });
    expect(await parts.products.countActive({ brandId: product?.brandId ?? '' })).toBe(1);
    expect((await parts.links.getMany([right[0]?.linkId ?? ''])).get(right[0]?.linkId ?? '')?.productId).toBe(
      winner?.productId,
    );
  });

  it('gives two products of similar but different titles two claims, and creates both', async () => {
    const left = batchOf([
      request('left', 'Kettleworks Kettle 1.7 l', { brand: 'Kettleworks' }),
      request('left', 'Kettleworks Kettle Classic', { brand: 'Kettleworks' }),
    ]);
    const right = batchOf([
      request('right', 'Kettleworks Kettle 1.2 l', { brand: 'Kettleworks' }),
      request('right', 'Kettleworks Kettle Deluxe', { brand: 'Kettleworks' }),
    ]);
    const keys = [...left, ...right].map((item) => item.titleClaimKey);
    expect(new Set(keys).size).toBe(4);

    const { leftPlan, leftLookups, rightPlan, rightLookups } = await planBoth(left, right);
    const written = [
      ...(await writePlan(parts, left, leftPlan, leftLookups)),
      ...(await writePlan(parts, right, rightPlan, rightLookups)),
    ];
    expect(written.map((match) => match?.created)).toEqual([true, true, true, true]);
    const ids = written.map((match) => match?.productId ?? '');
    expect(new Set(ids).size).toBe(4);
    expect((await parts.products.getMany(ids)).size).toBe(4);
    const owners = await parts.keys.titleOwners(keys);
    expect(keys.map((key) => owners.get(key))).toEqual(ids);

    // Each is still the one its own title finds.
    const [again] = await parts.matcher.matchAll([
      request('third', 'kettle 1.2L - Kettleworks', { brand: 'Kettleworks' }),
    ]);
    expect(again).toMatchObject({ kind: 'done', match: { productId: ids[2], method: 'title' } });
  });

  it('adopts a title claim whose product was never written (its writer died between the two writes)', async () => {
    const [item] = batchOf([request('late', 'Acme Toaster Duo Slim')]);
    await parts.keys.claimAll([], [], [titleClaim(item?.titleClaimKey ?? '', 'orphan0title')]);
    const [result] = await parts.matcher.matchAll([request('late', 'Acme Toaster Duo Slim')]);
    expect(result).toMatchObject({
      kind: 'done',
      match: { productId: 'orphan0title', method: 'created', created: true },
    });
    expect((await parts.products.get('orphan0title'))?.texts.en?.name).toBe('Acme Toaster Duo Slim');
  });

  it("hands a merged product's title claim to the merge target, where the next offer of that title finds it", async () => {
    // A title-only offer and one with a GTIN race: nothing arbitrates those two, so staff merge them.
    const titled = batchOf([request('titled', 'Acme Grill Plate 2000')]);
    const barcoded = batchOf([request('barcoded', 'ACME grill plate 2000', { gtin: testGtin(31, 1) })]);
    expect(barcoded[0]?.titleClaimKey).toBe('');
    const { leftPlan, leftLookups, rightPlan, rightLookups } = await planBoth(titled, barcoded);
    const [source] = await writePlan(parts, titled, leftPlan, leftLookups);
    const [target] = await writePlan(parts, barcoded, rightPlan, rightLookups);
    expect(target?.productId).not.toBe(source?.productId);
    const key = titled[0]?.titleClaimKey ?? '';
    expect((await parts.keys.titleOwners([key])).get(key)).toBe(source?.productId);

    await parts.admin.productMerger.merge(target?.productId ?? '', [source?.productId ?? '']);
    expect((await parts.keys.titleOwners([key])).get(key)).toBe(target?.productId);
    const [next] = await parts.matcher.matchAll([request('next', 'Acme Grill Plate 2000!')]);
    expect(next).toMatchObject({ kind: 'done', match: { productId: target?.productId, method: 'title' } });
  });
});
