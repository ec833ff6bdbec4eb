import { status as GrpcStatus } from '@grpc/grpc-js';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { ComparePicksRepository } from '../store/compare-picks-repository.js';
import { AccountsHarness, failure, type EngineAdapters } from './accounts-harness.js';

/**
 * The products a user picked for comparison (ADR 132): kept in order, at most 4, each a product
 * id once; one user never reads or changes another's; a deleted account loses them. The engine
 * must hand the service a document store (the suite looks into it after a deletion).
 */
export function describeComparePickFlows(engine: EngineAdapters): void {
  describe(`accounts compare picks (${engine.name})`, () => {
    let h: AccountsHarness;
    let documents: DocumentStore | undefined;
    let anna = '';
    let ben = '';
    beforeAll(async () => {
      h = await AccountsHarness.start({
        name: engine.name,
        open: async () => {
          const opened = await engine.open();
          documents = opened.documents;
          return opened;
        },
      });
      anna = (await h.register({ email: 'anna.compare@example.test' })).user?.id ?? '';
      ben = (await h.register({ email: 'ben.compare@example.test' })).user?.id ?? '';
    });
    afterAll(() => h.stop());
    const picks = async (actorUserId: string) => (await h.client.getComparePicks({ actorUserId })).productIds;
    const set = (actorUserId: string, productIds: string[]) => h.client.setComparePicks({ actorUserId, productIds });

    it('keeps the whole list in the order picked, replaced on every change, cleared by an empty one', async () => {
      expect(await picks(anna)).toEqual([]);
      expect((await set(anna, ['p2', ' p1 '])).productIds).toEqual(['p2', 'p1']);
      expect(await picks(anna)).toEqual(['p2', 'p1']);
      expect((await set(anna, ['p1', 'p3', 'p2', 'p4'])).productIds).toEqual(['p1', 'p3', 'p2', 'p4']);
      expect(await picks(anna)).toEqual(['p1', 'p3', 'p2', 'p4']);
      await set(anna, []);
      expect(await picks(anna)).toEqual([]);
    });

    it('raises the revision with every change, an emptied list too, and refuses a write at a revision passed', async () => {
      const { user } = await h.register({ email: 'revisions.compare@example.test' });
      const id = user?.id ?? '';
      const read = () => h.client.getComparePicks({ actorUserId: id });
      expect(await read()).toEqual({ productIds: [], revision: 0 });
      const setAt = (productIds: string[], ifRevision?: number) =>
        h.client.setComparePicks({ actorUserId: id, productIds, ...(ifRevision === undefined ? {} : { ifRevision }) });
      expect(await setAt(['p1'], 0)).toEqual({ productIds: ['p1'], revision: 1 });
      expect(await setAt(['p1', 'p2'], 1)).toEqual({ productIds: ['p1', 'p2'], revision: 2 });
      // A device still at revision 1 would overwrite p2 unseen: ABORTED, nothing changed.
      const stale = await failure(setAt(['p1', 'p3'], 1));
      expect([stale?.code, stale?.reason]).toEqual([GrpcStatus.ABORTED, 'COMPARE_PICKS_CHANGED']);
      expect(await read()).toEqual({ productIds: ['p1', 'p2'], revision: 2 });
      // Emptied, the list keeps counting: an old revision never becomes current again.
      expect(await setAt([], 2)).toEqual({ productIds: [], revision: 3 });
      expect((await failure(setAt(['p4'], 1)))?.code).toBe(GrpcStatus.ABORTED);
      // Without a revision the write is the last one, as before.
      expect(await setAt(['p5'])).toEqual({ productIds: ['p5'], revision: 4 });
      expect((await failure(setAt(['p6'], -1)))?.violations).toEqual([
        expect.objectContaining({ field: 'if_revision', rule: 'min' }),
      ]);
    });

    it('refuses a fifth product and bad ids, naming the field, and changes nothing', async () => {
      await set(anna, ['p1', 'p2']);
      const tooMany = await failure(set(anna, ['p1', 'p2', 'p3', 'p4', 'p5']));
      expect(tooMany?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(tooMany?.violations).toEqual([expect.objectContaining({ field: 'product_ids', rule: 'max' })]);
      const bad = await failure(set(anna, ['p3', '"><img src=x>', ' ', 'p3']));
      expect(bad?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(bad?.violations).toEqual([
        expect.objectContaining({ field: 'product_ids[1]', rule: 'regex' }),
        expect.objectContaining({ field: 'product_ids[2]', rule: 'required' }),
        expect.objectContaining({ field: 'product_ids[3]', rule: 'distinct' }),
      ]);
      expect(await picks(anna)).toEqual(['p1', 'p2']);
    });

    it("keeps each user's own list: another user neither reads nor changes it, a caller without a user gets nothing", async () => {
      await set(anna, ['p1', 'p2']);
      expect(await picks(ben)).toEqual([]);
      await set(ben, ['p9']);
      expect(await picks(anna)).toEqual(['p1', 'p2']);
      expect(await picks(ben)).toEqual(['p9']);
      for (const actorUserId of ['', 'u_unknown']) {
        expect((await failure(h.client.getComparePicks({ actorUserId })))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
        expect((await failure(set(actorUserId, ['p1'])))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      }
    });

    it('removes the picks with the account', async () => {
      const { user } = await h.register({ email: 'leaving.compare@example.test' });
      const id = user?.id ?? '';
      await set(id, ['p1', 'p2']);
      await h.client.deleteAccount({ actorUserId: id, userId: '', password: 'secret-pass', confirm: true });
      expect((await failure(h.client.getComparePicks({ actorUserId: id })))?.code).toBe(GrpcStatus.UNAUTHENTICATED);
      if (!documents) throw new Error('the suite needs the service’s document store');
      expect(await (await ComparePicksRepository.open(documents)).get(id)).toEqual([]);
      expect(await (await ComparePicksRepository.open(documents)).get(anna)).toEqual(['p1', 'p2']);
    });
  });
}
