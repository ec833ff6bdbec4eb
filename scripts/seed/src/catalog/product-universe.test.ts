import { builtinTaxonomy } from '../taxonomy/builtin-categories';
import { PRODUCT_TEMPLATES } from './product-templates';
import { ProductUniverse } from './product-universe';

const params = { seed: '7', untilDay: 20_500, historyDays: 365 };

describe('product universe', () => {
  const universe = new ProductUniverse(params);
  const products = [...universe.products(6_000)];

  it('gives product i the same data however it is reached', () => {
    expect(new ProductUniverse(params).productAt(4_321)).toEqual(products[4_321]);
    // The GTIN's item reference is the index; the rest (brand prefix) depends on the seed.
    expect(new ProductUniverse({ ...params, seed: '8' }).productAt(4_321).gtin.slice(6, 12)).toBe('004321');
    expect(new ProductUniverse({ ...params, seed: '8' }).productAt(4_321).model).not.toBe(products[4_321]?.model);
  });

  it('has unique MPNs, families of one model in different variants, and products in every template', () => {
    expect(new Set(products.map((p) => p.mpn)).size).toBe(products.length);
    const byModel = new Map<string, string[]>();
    for (const p of products)
      byModel.set(`${p.brand.name} ${p.model}`, [...(byModel.get(`${p.brand.name} ${p.model}`) ?? []), p.variantCode]);
    const families = [...byModel.values()].filter((codes) => codes.length > 1);
    expect(families.length).toBeGreaterThan(500);
    // One model never names two products of the same variant: a title names one product.
    for (const codes of families) expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(products.map((p) => p.template.key)).size).toBe(PRODUCT_TEMPLATES.length);
  });

  it('places launches before and inside the history window and keeps prices and offer counts plausible', () => {
    const inside = products.filter((p) => p.launchDay > params.untilDay - params.historyDays);
    expect(inside.length / products.length).toBeGreaterThan(0.1);
    expect(inside.length / products.length).toBeLessThan(0.25);
    for (const p of products) {
      expect(p.launchDay).toBeLessThan(params.untilDay);
      expect(p.launchPriceEur).toBeGreaterThan(5);
      expect(p.offerCount).toBeGreaterThanOrEqual(2);
      expect(p.offerCount).toBeLessThanOrEqual(10);
      expect(p.imageIds.length).toBeGreaterThanOrEqual(1);
      for (const id of p.imageIds) expect(id).toMatch(/^[a-z][a-z-]*-\d+(-[a-z0-9]+)?-\d$/);
    }
  });

  it('uses only categories that the built-in list also has', () => {
    const builtin = builtinTaxonomy();
    for (const template of PRODUCT_TEMPLATES) expect(builtin.byId.get(template.googleId)?.depth).toBe(1);
  });
});
