import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

/** One veto (an offer's link, a product staff said it is not), keyed so a repeat writes nothing new. */
interface OfferVetoRecord {
  readonly _id: string;
  readonly linkId: string;
  readonly productId: string;
}

/** Written once every veto kept only on the links before this index existed is in it. */
const BACKFILLED = '~backfilled';

/** The links whose vetoes the backfill reads: any link that holds one. */
export interface VetoedLinks {
  /** A page of [link id, vetoed product ids], in id order after `after`. */
  page(after: string, limit: number): Promise<(readonly [string, readonly string[]])[]>;
}

const PAGE = 500;

/**
 * Vetoes by product (ADR 065). A link keeps its vetoes as an array (`vetoedProductIds`, read with
 * the link by matching); a merge must find the links that veto its sources, and a filter on an
 * array field scans the whole `offer_links` collection in the embedded store (6–9 s at a million
 * links on the shared machine). Each veto is therefore also a record of its own with a scalar,
 * indexed `productId`. Vetoes written before the index existed are copied in once, by the first
 * merge that needs them (a scan), then a marker records that it is done.
 */
export class OfferVetoIndex {
  private constructor(private readonly vetoes: Collection<OfferVetoRecord>) {}

  static async open(store: DocumentStore): Promise<OfferVetoIndex> {
    return new OfferVetoIndex(
      await store.collection<OfferVetoRecord>({ name: 'offer_link_vetoes', indexes: [{ fields: ['productId'] }] }),
    );
  }

  async add(entries: readonly { readonly linkId: string; readonly productId: string }[]): Promise<void> {
    const records = entries.map(({ linkId, productId }) => ({ _id: `${linkId}|${productId}`, linkId, productId }));
    if (records.length > 0) await this.vetoes.bulkPut(records);
  }

  /** Ids of the links that veto any of `productIds`, a page at a time in id order after `after`. */
  async linksVetoing(productIds: readonly string[], after: string, limit = PAGE): Promise<string[]> {
    const page = await this.vetoes.find(
      { productId: { $in: [...productIds] }, ...(after ? { _id: { $gt: after } } : {}) },
      { sort: { _id: 1 }, limit },
    );
    return page.map((record) => record._id);
  }

  /** The link id of a record id `linksVetoing` answered. */
  static linkOf(recordId: string): string {
    return recordId.slice(0, recordId.lastIndexOf('|'));
  }

  /** Copies the vetoes kept only on links into the index, once (idempotent; a rerun rewrites nothing). */
  async backfill(links: VetoedLinks): Promise<void> {
    if (await this.vetoes.get(BACKFILLED)) return;
    let after = '';
    for (;;) {
      const page = await links.page(after, PAGE);
      if (page.length === 0) break;
      await this.add(page.flatMap(([linkId, productIds]) => productIds.map((productId) => ({ linkId, productId }))));
      after = page[page.length - 1]?.[0] ?? after;
    }
    await this.vetoes.put({ _id: BACKFILLED, linkId: '', productId: '' });
  }
}
