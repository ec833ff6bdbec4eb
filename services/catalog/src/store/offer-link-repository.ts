import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import { OfferVetoIndex } from './offer-veto-index.js';

/** A shop's offer linked to the product it was matched to (MatchProduct's idempotency). */
export interface OfferLinkRecord {
  readonly _id: string;
  readonly shopId: string;
  readonly shopOfferId: string;
  readonly productId: string;
  /** How it was matched: 'gtin', 'brand_mpn', 'title' or 'created'. */
  readonly method: string;
  readonly confidence: number;
  readonly linkedAt: string;
  /**
   * Products staff flagged as wrong matches of this offer (VetoOfferMatch): matching never answers
   * them for it again. A vetoed link keeps the record with productId '' until the offer matches anew.
   */
  readonly vetoedProductIds?: readonly string[];
}

/** Whether staff vetoed matching the link's offer to the product. */
export const isVetoed = (link: OfferLinkRecord | undefined, productId: string): boolean =>
  link?.vetoedProductIds?.includes(productId) ?? false;

/** The link without a product (a veto took it away); the offer is matched anew, its vetoes kept. */
const unlinked = (link: OfferLinkRecord): OfferLinkRecord => ({ ...link, productId: '', method: '', confidence: 0 });

/** Shop ids and offer ids are free text: encoded so that no pair can spell another. */
export const offerLinkId = (shopId: string, shopOfferId: string): string =>
  `${encodeURIComponent(shopId)}/${encodeURIComponent(shopOfferId)}`;

export class OfferLinkRepository {
  private constructor(
    private readonly links: Collection<OfferLinkRecord>,
    private readonly vetoes: OfferVetoIndex,
  ) {}

  static async open(store: DocumentStore): Promise<OfferLinkRepository> {
    // By product too: a merge moves its sources' links to the target.
    const links = await store.collection<OfferLinkRecord>({
      name: 'offer_links',
      indexes: [{ fields: ['shopId'] }, { fields: ['productId'] }],
    });
    return new OfferLinkRepository(links, await OfferVetoIndex.open(store));
  }

  async getMany(ids: readonly string[]): Promise<Map<string, OfferLinkRecord>> {
    if (ids.length === 0) return new Map();
    const found = await this.links.getMany([...new Set(ids)]);
    return new Map(found.map((link) => [link._id, link]));
  }

  get(id: string): Promise<OfferLinkRecord | null> {
    return this.links.get(id);
  }

  async putMany(links: readonly OfferLinkRecord[]): Promise<void> {
    if (links.length > 0) await this.links.bulkPut(links);
  }

  /** Up to `limit` links of a product (the shopping panel's "how it was matched"). */
  ofProduct(productId: string, limit: number): Promise<OfferLinkRecord[]> {
    return this.links.find({ productId }, { limit });
  }

  /** How many shop offers are linked to the product (what a merge would move). */
  countOfProduct(productId: string): Promise<number> {
    return this.links.count({ productId });
  }

  /**
   * Vetoes the product for the offer: its link no longer names it and matching skips it from now
   * on. Written whether or not the offer was linked to it (a veto ahead of a match holds too).
   */
  async veto(shopId: string, shopOfferId: string, productId: string, now: string): Promise<OfferLinkRecord> {
    const id = offerLinkId(shopId, shopOfferId);
    const current = await this.links.get(id);
    const vetoed = [...new Set([...(current?.vetoedProductIds ?? []), productId])];
    const next: OfferLinkRecord = {
      _id: id,
      shopId,
      shopOfferId,
      productId: current && current.productId !== productId ? current.productId : '',
      method: current && current.productId !== productId ? current.method : '',
      confidence: current && current.productId !== productId ? current.confidence : 0,
      linkedAt: current?.linkedAt ?? now,
      vetoedProductIds: vetoed,
    };
    // The index record first: a crash between the two writes leaves a record whose link holds no
    // veto, which a merge reads and skips, never a veto a merge cannot find.
    await this.vetoes.add([{ linkId: id, productId }]);
    await this.links.put(next);
    return next;
  }

  /**
   * Moves links to another product (a split, staff) and vetoes the product they left for them, so
   * matching keeps them where staff put them.
   */
  async moveTo(links: readonly OfferLinkRecord[], targetId: string, now: string): Promise<void> {
    await this.vetoes.add(links.map((link) => ({ linkId: link._id, productId: link.productId })));
    await this.putMany(
      links.map((link) => ({
        ...link,
        productId: targetId,
        method: 'staff',
        confidence: 1,
        linkedAt: now,
        vetoedProductIds: [...new Set([...(link.vetoedProductIds ?? []), link.productId])],
      })),
    );
  }

  /**
   * Points every link of `fromIds` at `toId` (a merge: the offers now match the target). A link
   * whose offer staff vetoed `toId` for is emptied instead, as a veto empties it: the offer is
   * matched anew at its next observation. Idempotent.
   */
  async relink(fromIds: readonly string[], toId: string, pageSize = 500): Promise<void> {
    if (fromIds.length === 0) return;
    for (;;) {
      const page = await this.links.find({ productId: { $in: [...fromIds] } }, { limit: pageSize });
      if (page.length === 0) return;
      await this.links.bulkPut(
        page.map((link) => (isVetoed(link, toId) ? unlinked(link) : { ...link, productId: toId })),
      );
    }
  }

  /**
   * A merge's vetoes (ADR 065): every offer vetoed for one of `fromIds` is vetoed for `toId` too,
   * since the merge made them one product; a link naming `toId` is emptied. Found through the veto
   * index, not a scan of the links; adding to a set, so a replayed merge changes nothing.
   */
  async carryVetoes(fromIds: readonly string[], toId: string): Promise<number> {
    if (fromIds.length === 0) return 0;
    await this.vetoes.backfill({
      page: async (after, limit) =>
        (
          await this.links.find(
            { vetoedProductIds: { $exists: true }, ...(after ? { _id: { $gt: after } } : {}) },
            { sort: { _id: 1 }, limit },
          )
        ).map((link) => [link._id, link.vetoedProductIds ?? []] as const),
    });
    let after = '';
    let carried = 0;
    for (;;) {
      const recordIds = await this.vetoes.linksVetoing(fromIds, after);
      if (recordIds.length === 0) return carried;
      after = recordIds[recordIds.length - 1] ?? after;
      const found = await this.getMany(recordIds.map(OfferVetoIndex.linkOf));
      // A record outliving its veto (the shop's links were dropped, the offer came back) carries nothing.
      const changed = [...found.values()].filter(
        (link) => fromIds.some((id) => isVetoed(link, id)) && (!isVetoed(link, toId) || link.productId === toId),
      );
      await this.vetoes.add(changed.map((link) => ({ linkId: link._id, productId: toId })));
      await this.putMany(
        changed.map((link) => {
          const vetoed = { ...link, vetoedProductIds: [...new Set([...(link.vetoedProductIds ?? []), toId])] };
          return link.productId === toId ? unlinked(vetoed) : vetoed;
        }),
      );
      carried += changed.length;
    }
  }

  /** Drops a page of the shop's links; returns how many (0 when none is left). */
  async deleteShopPage(shopId: string, pageSize: number): Promise<number> {
    const page = await this.links.find({ shopId }, { limit: pageSize });
    await Promise.all(page.map((link) => this.links.delete(link._id)));
    return page.length;
  }
}
