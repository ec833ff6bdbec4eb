import { AlreadyExistsError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { applyBrandUpdate } from '../domain/brand-update.js';
import type { DerivedSync } from '../derived/derived-sync.js';
import { versionConflict } from '../product-edits/product-states.js';
import type { BrandRepository, StoredBrand } from '../store/brand-repository.js';
import { emptyJournalEntry } from '../store/sync-journal-repository.js';
import type { BrandUpdateInput } from './brand-update-input.js';

const MAX_ATTEMPTS = 10;

/**
 * UpdateBrand: the brand document under its version (ABORTED for a stale expected version,
 * ALREADY_EXISTS for a taken slug). A new name or slug changes every product's view of the brand:
 * a journal entry written first re-publishes them in the background (ProductChanged each), so the
 * call does not wait for a big brand, and a crash leaves the work to the repair.
 */
export class BrandUpdater {
  constructor(
    private readonly brands: BrandRepository,
    private readonly derived: DerivedSync,
  ) {}

  async update({ brandId, expectedVersion, update }: BrandUpdateInput, now = new Date()): Promise<StoredBrand> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const current = await this.brands.get(brandId);
      if (!current) throw new NotFoundError('brand', brandId);
      if (expectedVersion !== 0 && current._version !== expectedVersion)
        throw versionConflict('brand', brandId, expectedVersion, current._version);
      const change = applyBrandUpdate(current, update, now.toISOString());
      if (!change) return current;
      const entry = { ...emptyJournalEntry(), republish: { brandIds: [brandId], categoryIds: [] } };
      const journalId = change.productsAffected ? await this.derived.begin(entry) : null;
      let written: boolean;
      try {
        written = await this.brands.replaceIfUnchanged(change.brand, current._version);
      } catch (error) {
        if (journalId) await this.derived.abandon(journalId);
        if (!(error instanceof AlreadyExistsError)) throw error;
        throw new AlreadyExistsError(`brand slug ${change.brand.slug} is taken`, {
          cause: error,
          reason: 'SLUG_TAKEN',
          violations: [{ field: 'slug', reason: 'is taken by another brand', rule: 'unique' }],
        });
      }
      if (journalId && written) this.derived.finishLater(journalId, entry);
      else if (journalId) await this.derived.abandon(journalId);
      if (written) return (await this.brands.get(brandId)) ?? { ...change.brand, _version: current._version + 1 };
    }
    throw new Error(`brand ${brandId}: kept changing under ${MAX_ATTEMPTS} attempts`);
  }
}
