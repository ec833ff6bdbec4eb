import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import type { AdImpressionRecord } from '../domain/click-aggregates.js';
import { foldInto } from './fold-into.js';
import { HotDocuments } from './hot-documents.js';

/** Advertisements whose impression counts are held decoded between serves. */
const HOT_ADS = 1_000;

/**
 * Impressions of advertisements, counted where they are served (ListAdvertisements), in the
 * service's main store: the click statistics' store is the fold thread's to write (ADR 077), and
 * a page's ads must never wait for a fold's commit.
 */
export class AdImpressionRepository {
  private readonly hot = new HotDocuments<AdImpressionRecord>(HOT_ADS);

  private constructor(private readonly impressions: Collection<AdImpressionRecord>) {}

  static async open(store: DocumentStore): Promise<AdImpressionRepository> {
    return new AdImpressionRepository(await store.collection<AdImpressionRecord>({ name: 'ad_impressions' }));
  }

  /** One more impression of each advertisement served. */
  async count(ids: readonly string[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        foldInto(this.impressions, this.hot, id, (current) => ({
          _id: id,
          impressions: (current?.impressions ?? 0) + 1,
        })),
      ),
    );
  }

  getMany(ids: readonly string[]): Promise<AdImpressionRecord[]> {
    return this.impressions.getMany(ids);
  }
}
