import { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import type { CatalogComponents } from '../catalog-components.js';
import { gtinClaim } from '../store/product-key-repository.js';
import { batchOf } from '../test-support/batch-offers.js';
import { openCatalogParts, type CatalogParts } from '../test-support/catalog-parts.js';
import { testGtin } from '../test-support/gtins.js';
import { loadMatchLookups } from './match-lookups.js';
import { MatchPlanner } from './match-planner.js';
import { ClaimConflict, writePlan } from './plan-writer.js';

const request = (shopId: string, i: number) =>
  MatchProductRequest.fromPartial({
    shopId,
    shopOfferId: `sku-${i}`,
    title: `Contested gadget ${i}`,
    brand: 'Contest',
    gtin: testGtin(30, i),
    language: 'en',
    createIfMissing: true,
  });

describe('two writers racing for the same new GTINs (claims under a unique index)', () => {
  let catalog: CatalogParts;
  let parts: CatalogComponents;

  beforeAll(async () => {
    catalog = await openCatalogParts();
    parts = catalog.parts;
  });
  afterAll(() => catalog.close());

  it("lets the first writer's claims win, fails the loser before it writes a product, and relinks the loser", async () => {
    const left = batchOf([0, 1, 2].map((i) => request('left', i)));
    const rightRequests = [0, 1, 2, 3].map((i) => request('right', i));
    const right = batchOf(rightRequests);
    // Both read before either writes: each plans to create every product.
    const [leftLookups, rightLookups] = await Promise.all([
      loadMatchLookups(parts, left),
      loadMatchLookups(parts, right),
    ]);
    const leftPlan = MatchPlanner.plan(left, leftLookups);
    const rightPlan = MatchPlanner.plan(right, rightLookups);
    expect(rightPlan.newProducts).toHaveLength(4);

    const written = await writePlan(parts, left, leftPlan, leftLookups);
    await expect(writePlan(parts, right, rightPlan, rightLookups)).rejects.toBeInstanceOf(ClaimConflict);
    const loserIds = rightPlan.newProducts.map((p) => p.id);
    expect((await parts.products.getMany(loserIds)).size).toBe(0);

    const rematched = await parts.matcher.matchAll(rightRequests);
    const ids = rematched.map((r) => (r.kind === 'done' ? r.match?.productId : undefined));
    expect(ids.slice(0, 3)).toEqual(written.map((w) => w?.productId));
    expect(rematched.map((r) => (r.kind === 'done' ? r.match?.method : undefined))).toEqual([
      'gtin',
      'gtin',
      'gtin',
      'created',
    ]);
  });

  it('adopts a claim whose product was never written (its writer died between the two writes)', async () => {
    // Claims hold GTIN-14s.
    await parts.keys.claimAll([gtinClaim(`0${testGtin(30, 9)}`, 'orphan0claim')], []);
    const [result] = await parts.matcher.matchAll([request('late', 9)]);
    expect(result).toMatchObject({
      kind: 'done',
      match: { productId: 'orphan0claim', method: 'created', created: true },
    });
    expect((await parts.products.get('orphan0claim'))?.texts.en?.name).toBe('Contested gadget 9');
  });
});
