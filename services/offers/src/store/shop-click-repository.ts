import { createHash } from 'node:crypto';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';

/** A signed-in user's clicks from this site to one shop (affiliates' ClickRecorded; ADR 119). */
export interface ShopClickRecord {
  readonly _id: string;
  readonly userId: string;
  readonly shopId: string;
  readonly firstClickedAt: string;
  readonly lastClickedAt: string;
}

/** Documents deleted per query when a user's or a shop's clicks go. */
const BATCH = 200;

/** One document per user and shop: the id says which, so a redelivered click finds its document. */
export const shopClickIdOf = (userId: string, shopId: string): string =>
  `sc_${createHash('sha256').update(`${userId}\u0000${shopId}`).digest('base64url').slice(0, 32)}`;

/** Which shops a signed-in user followed a link to (the verified mark of their reviews). */
export class ShopClickRepository {
  private constructor(private readonly collection: Collection<ShopClickRecord>) {}

  static async open(store: DocumentStore): Promise<ShopClickRepository> {
    const collection = await store.collection<ShopClickRecord>({
      name: 'shop_clicks',
      // A deleted account's and a deleted shop's clicks go with them.
      indexes: [{ fields: ['userId'] }, { fields: ['shopId'] }],
    });
    return new ShopClickRepository(collection);
  }

  get(userId: string, shopId: string): Promise<Stored<ShopClickRecord> | null> {
    return this.collection.get(shopClickIdOf(userId, shopId));
  }

  /**
   * Records a click at `clickedAtIso`: the first and last click move outwards only, so clicks in
   * any order and any number of redeliveries leave the same document (and a repeat writes nothing).
   */
  async record(userId: string, shopId: string, clickedAtIso: string): Promise<void> {
    await this.collection.update(shopClickIdOf(userId, shopId), (current) => {
      if (!current)
        return {
          _id: shopClickIdOf(userId, shopId),
          userId,
          shopId,
          firstClickedAt: clickedAtIso,
          lastClickedAt: clickedAtIso,
        };
      const firstClickedAt = clickedAtIso < current.firstClickedAt ? clickedAtIso : current.firstClickedAt;
      const lastClickedAt = clickedAtIso > current.lastClickedAt ? clickedAtIso : current.lastClickedAt;
      if (firstClickedAt === current.firstClickedAt && lastClickedAt === current.lastClickedAt) return null;
      return { ...current, firstClickedAt, lastClickedAt };
    });
  }

  /** A deleted account's clicks; returns how many went. */
  forgetUser(userId: string): Promise<number> {
    return userId ? this.deleteWhere('userId', userId) : Promise.resolve(0);
  }

  /** A deleted shop's clicks; returns how many went. */
  forgetShop(shopId: string): Promise<number> {
    return this.deleteWhere('shopId', shopId);
  }

  private async deleteWhere(field: 'userId' | 'shopId', value: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids = await this.collection.findIds({ [field]: value }, { limit: BATCH });
      for (const id of ids) if (await this.collection.delete(id)) deleted += 1;
      if (ids.length < BATCH) return deleted;
    }
  }
}
