import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { isActive } from '../domain/product.js';
import { CategoryVocabularyCounter } from '../matching/category-vocabulary.js';
import { tokenizeTitle } from '../matching/title-tokens.js';
import {
  countTokenizedDocument,
  DEFAULT_TOKEN_WEIGHTS,
  weightsFromFrequencies,
  type TokenWeights,
} from '../matching/token-weights.js';
import type { BrandRepository } from '../store/brand-repository.js';
import type { CategoryRepository } from '../store/category-repository.js';
import type { ProductRepository, StoredProduct } from '../store/product-repository.js';
import type {
  TokenStatisticsHead,
  TokenStatisticsRepository,
  TokenStatisticsSnapshot,
} from '../store/token-statistics-repository.js';
import { TITLE_KEYS_VERSION } from './title-key-backfill.js';

export interface TokenStatisticsOptions {
  /** Below this many active products the catalog's words say too little: kind weights. */
  readonly minProducts: number;
  /** Products counted at most. Product ids are hashes, so the first ones by id are a uniform
   *  sample: a rebuild costs the same on a catalog of a million. */
  readonly sampleProducts: number;
  /** Rebuilt when the active products grew or shrank by this factor since... */
  readonly growthFactor: number;
  /** ... or when the snapshot is this old. */
  readonly maxAgeMs: number;
  readonly now: () => number;
}

export const TOKEN_STATISTICS_DEFAULTS: TokenStatisticsOptions = {
  minProducts: 1_000,
  sampleProducts: 50_000,
  growthFactor: 1.5,
  maxAgeMs: 24 * 3_600_000,
  now: Date.now,
};

/** A token in one product only weighs within a few per cent of one in none: not stored. */
const MIN_STORED_FREQUENCY = 2;
const PAGE = 500;

interface Stores {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly categories: CategoryRepository;
  readonly statistics: TokenStatisticsRepository;
}

/** The category vocabulary of a snapshot, with which snapshot it is ('' before any). */
export interface CategoryVocabulary {
  readonly snapshotId: string;
  readonly words: ReadonlyMap<number, readonly string[]>;
}

const NO_VOCABULARY: CategoryVocabulary = { snapshotId: '', words: new Map() };

/**
 * The token weights title matching uses: by inverse document frequency over the catalog's own
 * products (a word in every title of the catalog, "black" or a big brand's name, tells little;
 * a rare model word much), measured better than weights by token kind on every valid split
 * (docs/matching-report.md). Derived data: counted from a sample of the products by whichever
 * replica finds the snapshot due, shared through the store, loaded by every replica. Between
 * rebuilds a new product's words count as rare, which they mostly are. Until the catalog holds
 * `minProducts`, kind weights.
 *
 * The same pass counts each category's names by language: the words one language names the
 * category's products with and another does not ("Jeu de société", "Gioco da tavolo") are that
 * category's vocabulary (category-vocabulary.ts, ADR 033), which matching reads as product-type words.
 */
export class TokenStatistics {
  private current: TokenWeights = DEFAULT_TOKEN_WEIGHTS;
  private currentVocabulary: CategoryVocabulary = NO_VOCABULARY;
  private loadedSnapshotId = '';

  constructor(
    private readonly stores: Stores,
    private readonly logger: Logger,
    private readonly options: TokenStatisticsOptions = TOKEN_STATISTICS_DEFAULTS,
  ) {}

  /** The weights to match with now. */
  weights(): TokenWeights {
    return this.current;
  }

  /** The categories' language-bound words to match with now (none below `minProducts`). */
  vocabulary(): CategoryVocabulary {
    return this.currentVocabulary;
  }

  /**
   * Loads a snapshot another replica published, and rebuilds it when it is due (missing, counted
   * with an older tokenizer, too old, or the catalog grew or shrank much). Stops between pages
   * once `stopped()` says so. Returns what it did ('kind': the catalog is too small for statistics).
   */
  async refresh(stopped: () => boolean = () => false): Promise<'kind' | 'built' | 'loaded' | 'unchanged'> {
    const [stored, products] = await Promise.all([
      this.stores.statistics.head(),
      this.stores.products.countAllActive(),
    ]);
    let head = stored;
    if (products < this.options.minProducts) {
      this.current = DEFAULT_TOKEN_WEIGHTS;
      this.currentVocabulary = NO_VOCABULARY;
      this.loadedSnapshotId = '';
      return 'kind';
    }
    if (this.due(head, products)) {
      if (await this.build(products, head?._version ?? 0, stopped)) return 'built';
      head = await this.stores.statistics.head(); // stopped, or another replica published first
    }
    return (await this.load(head)) ? 'loaded' : 'unchanged';
  }

  private due(head: TokenStatisticsHead | null, products: number): boolean {
    if (!head) return true;
    // Counted by a newer release's tokenizer (a rolling update): that release keeps it fresh.
    if (head.derivation > TITLE_KEYS_VERSION) return false;
    const { growthFactor, maxAgeMs, now } = this.options;
    const grownOrShrunk = products >= head.products * growthFactor || products * growthFactor <= head.products;
    return (
      head.derivation < TITLE_KEYS_VERSION ||
      !head.vocabulary ||
      grownOrShrunk ||
      now() - Date.parse(head.builtAt) >= maxAgeMs
    );
  }

  private async load(head: TokenStatisticsHead | null): Promise<boolean> {
    if (!head || head.snapshotId === this.loadedSnapshotId || head.derivation !== TITLE_KEYS_VERSION) return false;
    const snapshot = await this.stores.statistics.snapshot(head);
    // Replaced while read: the next refresh reads the newer one.
    if (!snapshot) return false;
    this.use(head, snapshot);
    this.logger.info(
      {
        documents: head.documents,
        products: head.products,
        tokens: snapshot.frequencies.size,
        categories: snapshot.vocabulary.size,
        builtAt: head.builtAt,
      },
      'token statistics loaded for title matching',
    );
    return true;
  }

  private use(head: Pick<TokenStatisticsHead, 'snapshotId' | 'documents'>, snapshot: TokenStatisticsSnapshot): void {
    this.current = weightsFromFrequencies({ documents: head.documents, frequencies: snapshot.frequencies });
    this.currentVocabulary = { snapshotId: head.snapshotId, words: snapshot.vocabulary };
    this.loadedSnapshotId = head.snapshotId;
  }

  private async build(products: number, headVersion: number, stopped: () => boolean): Promise<boolean> {
    const startedAt = performance.now();
    const counted = await this.count(stopped);
    if (!counted) return false;
    const frequencies = new Map([...counted.frequencies].filter(([, count]) => count >= MIN_STORED_FREQUENCY));
    const snapshot = { frequencies, vocabulary: counted.vocabulary.vocabulary() };
    const head = {
      snapshotId: randomUUID(),
      documents: counted.documents,
      products,
      derivation: TITLE_KEYS_VERSION,
      builtAt: new Date(this.options.now()).toISOString(),
    };
    if (!(await this.stores.statistics.publish(head, snapshot, headVersion))) return false;
    this.use(head, snapshot);
    this.logger.info(
      {
        products,
        documents: head.documents,
        tokens: frequencies.size,
        categories: snapshot.vocabulary.size,
        seconds: Math.round((performance.now() - startedAt) / 100) / 10,
      },
      'token statistics counted for title matching',
    );
    return true;
  }

  /** Each sampled active product is one document: the tokens of its brand and names in every
   *  language; and each of its names counts for its category in that language. */
  private async count(
    stopped: () => boolean,
  ): Promise<{ documents: number; frequencies: Map<string, number>; vocabulary: CategoryVocabularyCounter } | null> {
    const { products, brands } = this.stores;
    const frequencies = new Map<string, number>();
    const vocabulary = new CategoryVocabularyCounter();
    const googleIds = new Map<string, number>();
    let documents = 0;
    for (
      let page = await products.after('', PAGE);
      page.length > 0;
      page = await products.after(page.at(-1)?._id ?? '', PAGE)
    ) {
      if (stopped()) return null;
      const active = page.filter(isActive).slice(0, this.options.sampleProducts - documents);
      const [brandById] = await Promise.all([
        brands.getMany(active.map((product) => product.brandId)),
        this.readGoogleIds(active, googleIds),
      ]);
      for (const product of active) {
        const brand = brandById.get(product.brandId)?.name ?? '';
        const names = Object.entries(product.texts).map(
          ([language, text]) => [language, tokenizeTitle(`${brand} ${text.name}`)] as const,
        );
        countTokenizedDocument(
          frequencies,
          names.map(([, tokens]) => tokens),
        );
        vocabulary.add(googleIds.get(product.categoryId) ?? 0, names);
      }
      documents += active.length;
      if (documents >= this.options.sampleProducts) break;
    }
    return { documents, frequencies, vocabulary };
  }

  /** Adds the Google category ids of the products' categories not read yet (0: none). */
  private async readGoogleIds(products: readonly StoredProduct[], googleIds: Map<string, number>): Promise<void> {
    const unread = [...new Set(products.map((product) => product.categoryId))].filter((id) => id && !googleIds.has(id));
    if (unread.length === 0) return;
    const categories = await this.stores.categories.getMany(unread);
    for (const id of unread) googleIds.set(id, categories.get(id)?.googleProductCategoryId ?? 0);
  }
}
