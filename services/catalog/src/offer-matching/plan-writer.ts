import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import type { Outbox } from '@pc/kit/events/outbox';
import type { CategoryResolver } from '../categories/category-resolver.js';
import type { ProductRecord } from '../domain/product.js';
import type { DerivedSync } from '../derived/derived-sync.js';
import { productCreatedEvent } from '../events/product-events.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { OfferLinkRecord, OfferLinkRepository } from '../store/offer-link-repository.js';
import { gtinClaim, mpnClaim, titleClaim, type ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { ProductRepository, StoredProduct } from '../store/product-repository.js';
import type { BatchOffer, MatchLookups } from './match-lookups.js';
import type { MatchPlan, PlannedClaim, PlannedMatch } from './match-plan.js';
import { preparePlanRecords } from './plan-records.js';
import type { ProductEnricher } from './product-enricher.js';

export interface PlanWriterDependencies {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly keys: ProductKeyRepository;
  readonly links: OfferLinkRepository;
  readonly categoryResolver: CategoryResolver;
  readonly relations: ProductRelationsLoader;
  readonly enricher: ProductEnricher;
  readonly derived: DerivedSync;
  readonly outbox: Outbox;
}

/** A match as answered: `created` only when this call wrote the product. */
export interface WrittenMatch extends PlannedMatch {
  readonly created: boolean;
}

/** Another writer claimed a GTIN, MPN or title this batch wanted for a new product: match again. */
export class ClaimConflict extends Error {
  constructor(cause: unknown) {
    super('a product key was claimed concurrently', { cause });
  }
}

/**
 * Carries out a match plan. Order matters for crashes and races (see SyncJournalRecord):
 * journal → claims (the unique index arbitrates) → products with their ProductCreated (outbox)
 * → links → publish → enrichment of existing products → derived data (title keys, counts) →
 * journal closed.
 */
export async function writePlan(
  deps: PlanWriterDependencies,
  batch: readonly BatchOffer[],
  plan: MatchPlan,
  lookups: MatchLookups,
): Promise<(WrittenMatch | null)[]> {
  const records = await preparePlanRecords(deps.brands, deps.categoryResolver, plan, lookups);
  const writesProducts = records.newProducts.length > 0 || records.enrichments.length > 0;
  const journalId = writesProducts ? await deps.derived.begin(records.journal) : null;
  try {
    const ofKind = (kind: PlannedClaim['kind']) => records.newClaims.filter((claim) => claim.kind === kind);
    await deps.keys.claimAll(
      ofKind('gtin').map((claim) => gtinClaim(claim.key, claim.productId)),
      ofKind('mpn').map((claim) => mpnClaim(claim.key, claim.productId)),
      ofKind('title').map((claim) => titleClaim(claim.key, claim.productId)),
    );
  } catch (error) {
    if (journalId) await deps.derived.finish(journalId, records.journal);
    if (error instanceof AlreadyExistsError) throw new ClaimConflict(error);
    throw error;
  }

  const lostAdoptions = new Set<string>();
  const inserted = await insertProducts(deps, plan, records.newProducts, lostAdoptions);
  await deps.links.putMany(newLinks(batch, plan, lookups, records.now));
  await deps.outbox.flushAll(deps.products.collection, inserted);

  const refused = await claimForExisting(deps.keys, records.existingClaims);
  // One product each: concurrent, so their writes share the store's group commits.
  await Promise.all(
    records.enrichments.map(({ productId, contributions }) => {
      const kept = contributions.map((c) =>
        c.gtin && refused.has(`${c.gtin}:${productId}`) ? { ...c, gtin: null } : c,
      );
      return deps.enricher.enrich(productId, kept, lookups.products.get(productId), records.now);
    }),
  );
  if (journalId) await deps.derived.finish(journalId, records.journal);

  const adoptedAs = new Map(plan.newProducts.map((planned) => [planned.id, planned.adoptedAs ?? 'gtin'] as const));
  return plan.matches.map((match) => {
    if (!match) return null;
    if (match.method !== 'created') return { ...match, created: false };
    // An adopted claim that its first creator completed meanwhile: a match by that claim after all.
    return lostAdoptions.has(match.productId)
      ? { ...match, method: adoptedAs.get(match.productId) ?? 'gtin', created: false }
      : { ...match, created: true };
  });
}

/** New products with their ProductCreated staged. Adopted ids are written only if still absent. */
async function insertProducts(
  deps: PlanWriterDependencies,
  plan: MatchPlan,
  records: readonly ProductRecord[],
  lostAdoptions: Set<string>,
): Promise<StoredProduct[]> {
  const relationsOf = await deps.relations.load(records);
  const adopted = new Set(plan.newProducts.filter((planned) => planned.adopted).map((planned) => planned.id));
  const staged = records.map((record) => ({
    ...record,
    ...deps.outbox.stage(null, [productCreatedEvent(record, 1, relationsOf(record))]),
  }));
  const inserted = await deps.products.insertMany(staged.filter((record) => !adopted.has(record._id)));
  for (const record of staged.filter((candidate) => adopted.has(candidate._id))) {
    const stored = await deps.products.insertIfAbsent(record);
    if (stored) inserted.push(stored);
    else lostAdoptions.add(record._id);
  }
  return inserted;
}

/** Links for the offers that had none (or only a vetoed one, whose vetoes they keep). */
function newLinks(
  batch: readonly BatchOffer[],
  plan: MatchPlan,
  lookups: MatchLookups,
  now: string,
): OfferLinkRecord[] {
  const links = new Map<string, OfferLinkRecord>();
  plan.matches.forEach((match, index) => {
    const item = batch[index];
    const existing = item ? lookups.links.get(item.linkId) : undefined;
    if (!match || !item || existing?.productId || links.has(item.linkId)) return;
    const { shopId, shopOfferId } = item.offer;
    links.set(item.linkId, {
      _id: item.linkId,
      shopId,
      shopOfferId,
      productId: match.productId,
      method: match.method,
      confidence: match.confidence,
      linkedAt: now,
      ...(existing?.vetoedProductIds ? { vetoedProductIds: existing.vetoedProductIds } : {}),
    });
  });
  return [...links.values()];
}

/**
 * Claims keys for existing products, each on its own (a concurrent writer may hold one already;
 * the unique index arbitrates), all at once so that they share commits. Returns `gtin:productId`
 * of the refused ones.
 */
async function claimForExisting(keys: ProductKeyRepository, claims: readonly PlannedClaim[]): Promise<Set<string>> {
  const claimOf = { gtin: 'claimGtin', mpn: 'claimMpn', title: 'claimTitle' } as const;
  const won = await Promise.all(claims.map((claim) => keys[claimOf[claim.kind]](claim.key, claim.productId)));
  return new Set(
    claims.flatMap((claim, i) => (!won[i] && claim.kind === 'gtin' ? [`${claim.key}:${claim.productId}`] : [])),
  );
}
