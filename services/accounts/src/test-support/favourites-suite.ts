import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsHarness, failure, type EngineAdapters } from './accounts-harness.js';

/** Favourites lists and items, recently viewed; one user never reads or changes another's. */
export function describeFavouriteFlows(engine: EngineAdapters): void {
  describe(`accounts favourites and recently viewed (${engine.name})`, () => {
    let h: AccountsHarness;
    let anna = '';
    let ben = '';
    beforeAll(async () => {
      h = await AccountsHarness.start(engine);
      anna = (await h.register({ email: 'anna.fav@example.test' })).user?.id ?? '';
      ben = (await h.register({ email: 'ben.fav@example.test' })).user?.id ?? '';
    });
    afterAll(() => h.stop());
    const add = (actorUserId: string, productId: string, listId = '') =>
      h.client.addFavourite({ actorUserId, listId, productId, note: '' });

    it('adds to the default list on first use, idempotently', async () => {
      const first = await add(anna, 'p1');
      expect(first.added).toBe(true);
      expect((await add(anna, 'p1')).added).toBe(false);
      const { lists } = await h.client.listFavouriteLists({ actorUserId: anna });
      expect(lists).toEqual([
        expect.objectContaining({ isDefault: true, name: 'Favourites', itemsCount: 1, userId: anna }),
      ]);
      expect(first.item?.listId).toBe(lists[0]?.id);
      expect((await failure(add(anna, ' ')))?.violations).toEqual([
        expect.objectContaining({ field: 'product_id', rule: 'required' }),
      ]);
      expect((await failure(add('', 'p1')))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
    });

    it('keeps named lists unique per user, default first then by name', async () => {
      const gifts = (await h.client.createFavouriteList({ actorUserId: anna, name: 'Gifts', public: true })).list;
      await h.client.createFavouriteList({ actorUserId: anna, name: 'Audio', public: false });
      expect(
        await failure(h.client.createFavouriteList({ actorUserId: anna, name: ' gifts ', public: false })),
      ).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS });
      expect(
        (await failure(h.client.createFavouriteList({ actorUserId: anna, name: 'x'.repeat(101), public: false })))
          ?.violations,
      ).toEqual([expect.objectContaining({ field: 'name', rule: 'max' })]);
      expect(
        (await h.client.createFavouriteList({ actorUserId: ben, name: 'Gifts', public: false })).list?.userId,
      ).toBe(ben);
      const { lists } = await h.client.listFavouriteLists({ actorUserId: anna });
      expect(lists.map((l) => l.name)).toEqual(['Favourites', 'Audio', 'Gifts']);
      const renamed = await h.client.updateFavouriteList({
        actorUserId: anna,
        listId: gifts?.id ?? '',
        name: 'Presents',
        public: undefined,
      });
      expect(renamed.list).toMatchObject({ name: 'Presents', public: true });
    });

    it('lists all favourites newest first, each product once, and tells the button state per product', async () => {
      const lists = (await h.client.listFavouriteLists({ actorUserId: anna })).lists;
      const presents = lists.find((l) => l.name === 'Presents')?.id ?? '';
      await add(anna, 'p2', presents);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await add(anna, 'p1', presents);
      const all = await h.client.listFavourites({ actorUserId: anna, page: undefined });
      expect(all.items.map((i) => i.productId)).toEqual(['p1', 'p2']);
      expect(all.page?.total).toBe(2);
      const { statuses } = await h.client.getFavouriteStatus({ actorUserId: anna, productIds: ['p1', 'p9', 'p2'] });
      expect(statuses.map((s) => [s.productId, s.listIds.length])).toEqual(
        [
          ['p1', 2],
          ['p2', 1],
          ['p9', 0],
        ].sort((a, b) => ['p1', 'p9', 'p2'].indexOf(a[0] as string) - ['p1', 'p9', 'p2'].indexOf(b[0] as string)),
      );
      expect(
        (
          await failure(
            h.client.getFavouriteStatus({
              actorUserId: anna,
              productIds: Array.from({ length: 101 }, (_, i) => `p${i}`),
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.INVALID_ARGUMENT);
    });

    it('never shows or changes another user’s private list; a public list is readable by anyone', async () => {
      const lists = (await h.client.listFavouriteLists({ actorUserId: anna })).lists;
      const audio = lists.find((l) => l.name === 'Audio')?.id ?? '';
      const presents = lists.find((l) => l.name === 'Presents')?.id ?? '';
      expect(
        (await failure(h.client.getFavouriteList({ actorUserId: ben, listId: audio, page: undefined })))?.code,
      ).toBe(GrpcStatus.NOT_FOUND);
      expect(
        (await failure(h.client.getFavouriteList({ actorUserId: '', listId: audio, page: undefined })))?.code,
      ).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(add(ben, 'p7', audio)))?.code).toBe(GrpcStatus.NOT_FOUND);
      expect(
        (await failure(h.client.removeFavourite({ actorUserId: ben, listId: presents, productId: 'p1' })))?.code,
      ).toBe(GrpcStatus.NOT_FOUND);
      expect((await failure(h.client.deleteFavouriteList({ actorUserId: ben, listId: audio })))?.code).toBe(
        GrpcStatus.NOT_FOUND,
      );
      expect(
        (await failure(h.client.updateFavouriteList({ actorUserId: ben, listId: audio, name: 'Mine', public: true })))
          ?.code,
      ).toBe(GrpcStatus.NOT_FOUND);
      const shared = await h.client.getFavouriteList({ actorUserId: '', listId: presents, page: undefined });
      expect(shared.items.map((i) => i.productId)).toEqual(['p1', 'p2']);
      expect((await h.client.getFavouriteList({ actorUserId: anna, listId: audio, page: undefined })).list?.name).toBe(
        'Audio',
      );
    });

    it('removes from one list or all, and refuses to delete the default list', async () => {
      const lists = (await h.client.listFavouriteLists({ actorUserId: anna })).lists;
      const presents = lists.find((l) => l.name === 'Presents')?.id ?? '';
      expect(await h.client.removeFavourite({ actorUserId: anna, listId: presents, productId: 'p2' })).toEqual({
        removed: 1,
      });
      expect(await h.client.removeFavourite({ actorUserId: anna, listId: presents, productId: 'p2' })).toEqual({
        removed: 0,
      });
      expect(await h.client.removeFavourite({ actorUserId: anna, listId: '', productId: 'p1' })).toEqual({
        removed: 2,
      });
      const after = (await h.client.listFavouriteLists({ actorUserId: anna })).lists;
      expect(after.map((l) => l.itemsCount)).toEqual([0, 0, 0]);
      expect(
        await failure(h.client.deleteFavouriteList({ actorUserId: anna, listId: after[0]?.id ?? '' })),
      ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'DEFAULT_LIST' });
      await h.client.deleteFavouriteList({ actorUserId: anna, listId: presents });
      expect((await h.client.listFavouriteLists({ actorUserId: anna })).lists).toHaveLength(2);
    });

    it('keeps the 10 newest recently viewed products and merges the guest cookie list at sign-in', async () => {
      for (let i = 0; i < 8; i += 1)
        await h.client.recordRecentlyViewed({ actorUserId: ben, items: [{ productId: `v${i}`, viewedAt: undefined }] });
      const merged = await h.client.recordRecentlyViewed({
        actorUserId: ben,
        items: ['c1', 'v2', 'c2', 'c3'].map((productId) => ({ productId, viewedAt: undefined })),
      });
      expect(merged.items.map((i) => i.productId)).toEqual([
        'c1',
        'v2',
        'c2',
        'c3',
        'v7',
        'v6',
        'v5',
        'v4',
        'v3',
        'v1',
      ]);
      expect((await h.client.listRecentlyViewed({ actorUserId: ben, limit: 3 })).items.map((i) => i.productId)).toEqual(
        ['c1', 'v2', 'c2'],
      );
      expect((await h.client.listRecentlyViewed({ actorUserId: anna, limit: 0 })).items).toEqual([]);
      expect(
        (
          await failure(
            h.client.recordRecentlyViewed({
              actorUserId: ben,
              items: Array.from({ length: 11 }, (_, i) => ({ productId: `x${i}`, viewedAt: undefined })),
            }),
          )
        )?.code,
      ).toBe(GrpcStatus.INVALID_ARGUMENT);
      // Finding (issue 43): a viewed id `<script>` was stored; ids are product ids only.
      const markup = await failure(
        h.client.recordRecentlyViewed({ actorUserId: ben, items: [{ productId: '<script>', viewedAt: undefined }] }),
      );
      expect(markup?.violations).toEqual([expect.objectContaining({ field: 'items[0].product_id', rule: 'regex' })]);
      expect(
        (await failure(h.client.addFavourite({ actorUserId: ben, listId: '', productId: '"><img src=x>', note: '' })))
          ?.violations,
      ).toEqual([expect.objectContaining({ field: 'product_id', rule: 'regex' })]);
      expect((await h.client.listRecentlyViewed({ actorUserId: ben, limit: 1 })).items.map((i) => i.productId)).toEqual(
        ['c1'],
      );
      await h.client.clearRecentlyViewed({ actorUserId: ben });
      expect((await h.client.listRecentlyViewed({ actorUserId: ben, limit: 0 })).items).toEqual([]);
      expect((await failure(h.client.listRecentlyViewed({ actorUserId: 'u_unknown', limit: 0 })))?.code).toBe(
        GrpcStatus.UNAUTHENTICATED,
      );
    });
  });
}
