import { status as GrpcStatus } from '@grpc/grpc-js';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';
import { Condition } from '@pc/proto/common/v1/commerce';
import { ListOffersRequest, OfferSort } from '@pc/proto/offers/v1/offers';
import { offerIdOf } from './domain/offer-record.js';
import { eventually, OffersHarness } from './test-support/offers-harness.js';
import {
  directoryShop,
  gtin14,
  HEADPHONES,
  observation,
  SPEAKER,
  type ProductIdentity,
} from './test-support/observations.js';

const EARBUDS: ProductIdentity = {
  title: 'Sony WF-1000XM5 Truly Wireless Earbuds Black',
  brand: 'Sony',
  gtin: gtin14('4548736146808'),
  mpn: 'WF1000XM5B',
};

/**
 * A shop's offers of some products (ListOffers with shop_id and product_ids, ADR 139): what a
 * shop page's cards show as the shop's own price. Only that shop's active offers of those
 * products in the country, converted into the display currency; bad id lists named.
 */
function describeShopProductOffers(name: string, env: () => Record<string, string>, cleanUp: () => Promise<void>) {
  describe(`a shop's offers of some products (ListOffers product_ids over gRPC, ${name})`, () => {
    let h: OffersHarness;
    const shop = { rhein: '', alpen: '' };
    const product = { headphones: '', speaker: '', earbuds: '' };
    const list = (partial: Partial<ListOffersRequest>) =>
      h.offers.listOffers(ListOffersRequest.fromPartial({ shopId: shop.rhein, country: 'CH', ...partial }));
    const pairs = (response: { offers: { productId: string; price?: { amountMinor: number } }[] }) =>
      response.offers.map((offer) => [offer.productId, offer.price?.amountMinor]);

    beforeAll(async () => {
      h = await OffersHarness.start(env());
      const register = async (title: string, domain: string, countries: string[]) =>
        (await h.offers.registerShop(directoryShop(title, domain, countries, h.staffUserId))).shop?.id ?? '';
      shop.rhein = await register('Rheinmarkt', 'rheinmarkt.ch', ['CH', 'DE']);
      shop.alpen = await register('Alpenhaus', 'alpenhaus.ch', ['CH']);
      await h.offers.setFxRates({
        actorUserId: h.staffUserId,
        source: 'test',
        rates: [{ baseCurrency: 'EUR', quoteCurrency: 'CHF', rate: '0.9412', asOf: new Date(Date.now() - 86_400_000) }],
      });
      await h.observe(
        observation(shop.rhein, 'R-HP', HEADPHONES, 29_900),
        observation(shop.rhein, 'R-HP-USED', HEADPHONES, 24_900, { condition: Condition.CONDITION_USED }),
        observation(shop.rhein, 'R-SPK', SPEAKER, 14_900),
        observation(shop.rhein, 'R-SPK-DE', SPEAKER, 0, {
          price: { amountMinor: 13_900, currency: 'EUR' },
          country: 'DE',
        }),
        observation(shop.alpen, 'A-HP', HEADPHONES, 27_900),
        observation(shop.alpen, 'A-EB', EARBUDS, 19_900),
      );
      await eventually(() => h.events.offerChanged.length === 6);
      const productOf = (shopId: string, sku: string) =>
        h.events.offerChanged.find((event) => event.offerId === offerIdOf(shopId, sku))?.offer?.productId ?? '';
      product.headphones = productOf(shop.rhein, 'R-HP');
      product.speaker = productOf(shop.rhein, 'R-SPK');
      product.earbuds = productOf(shop.alpen, 'A-EB');
      expect(new Set(Object.values(product)).size).toBe(3);
    });

    afterAll(async () => {
      await h.stop();
      await cleanUp();
    });

    it("answers only the shop's offers of the products asked for, in the country, cheapest first", async () => {
      const response = await list({ productIds: [product.headphones, product.speaker, product.earbuds] });
      // Alpenhaus's cheaper headphones and its earbuds are not Rheinmarkt's; the German speaker is abroad.
      expect(pairs(response)).toEqual([
        [product.speaker, 14_900],
        [product.headphones, 24_900],
        [product.headphones, 29_900],
      ]);
      expect(response.offers.every((offer) => offer.shop?.id === shop.rhein)).toBe(true);
      expect(response).toMatchObject({ allCount: 3, page: { total: 3 } });
      expect(pairs(await list({ productIds: [product.headphones], conditions: [Condition.CONDITION_NEW] }))).toEqual([
        [product.headphones, 29_900],
      ]);
      expect((await list({ productIds: [product.earbuds] })).offers).toEqual([]);
    });

    it('converts into the display currency and keeps the sort and page', async () => {
      const german = await list({ productIds: [product.speaker], country: 'DE', displayCurrency: 'CHF' });
      expect(german.offers).toHaveLength(1);
      expect(german.offers[0]).toMatchObject({
        price: { amountMinor: 13_900, currency: 'EUR' },
        displayPrice: { amountMinor: 13_083, currency: 'CHF' },
      });
      const dearest = await list({
        productIds: [product.headphones, product.speaker],
        sort: OfferSort.OFFER_SORT_MOST_EXPENSIVE,
        page: { page: 1, hitsPerPage: 1 },
      });
      expect(pairs(dearest)).toEqual([[product.headphones, 29_900]]);
      expect(dearest.page?.total).toBe(3);
    });

    it('names too many, malformed and repeated ids, and ids without a shop', async () => {
      const invalid = (partial: Partial<ListOffersRequest>, field: string) =>
        expect(list(partial)).rejects.toMatchObject({
          code: GrpcStatus.INVALID_ARGUMENT,
          violations: [expect.objectContaining({ field })],
        });
      await invalid({ productIds: Array.from({ length: 101 }, (_, i) => `p_${i}`) }, 'product_ids');
      await invalid({ productIds: [product.headphones, ' '] }, 'product_ids[1]');
      await invalid({ productIds: ['x'.repeat(201)] }, 'product_ids[0]');
      await invalid({ productIds: [product.headphones, product.speaker, product.headphones] }, 'product_ids[2]');
      await invalid({ shopId: '', productId: product.headphones, productIds: [product.speaker] }, 'product_ids');
      expect((await list({ productIds: Array.from({ length: 100 }, (_, i) => `p_${i}`) })).offers).toEqual([]);
    });
  });
}

describeShopProductOffers(
  'embedded engines',
  () => ({}),
  async () => undefined,
);

describeWithEngine('MONGODB_URI', 'shop offers of some products on MongoDB', (uri) => {
  const namespace = `spo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  describeShopProductOffers(
    'MongoDB',
    () => ({ DOCUMENT_STORE: 'mongodb', MONGODB_URI: uri, PLATFORM_NAMESPACE: namespace }),
    () => dropDatabase(uri, mongoDatabaseName('offers', namespace)),
  );
});
