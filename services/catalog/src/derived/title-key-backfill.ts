import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { BrandRepository } from '../store/brand-repository.js';
import type { ProductKeyRepository } from '../store/product-key-repository.js';
import type { ProductRepository } from '../store/product-repository.js';
import { titleKeyRecords } from './title-keys.js';

/**
 * The derivation of title keys (`titleBlockingKeys`) the code files products under. Bump it when
 * that changes what keys a title gets: a store of an older version gets every product's keys
 * again at the next start. 2: four-character codes and digit-first codes ("800wbe") are keys.
 * 3: codes of chunks that open with letters and hold a measure ("dcs-5020l", "ga-110mb-1aer")
 * are keys too; a lens aperture ("f/4-5.6") is no longer the code "f456". 4: a dotted reference
 * number ("311.63.44.51.06.001") is a code, a memory grade ("ddr4-3000") and a range ("24-70mm")
 * no longer are. 5: a shop's promotion code ("use code: more17") is no code. 6: German and
 * Dutch compounds of a product-type noun ("automatikuhr") are their two words. 7: decimal
 * numbers joined without their points ("3.8/3.6ghz") make no measure; "w/" is "with"; a code named after "for" stays the fitted device's
 * though the title repeats it; abbreviations of editions ("prem", "upg", "std") are the word; an M.2 size ("m.2-2280") and a decimal with a unit letter
 * ("7.2k") are specs. 8: a count written together with three letters ("79nnv", "2bdw") is a code
 * unless the letters are a unit ("200pin", "9dbi"); "sand" is a colour, "s", "m", "l" sizes
 * (variant words make no word-pair keys). 9: roman numerals ("Mark III") are numbers and
 * "extended", "family", "advanced", "essentials", "lt" edition words, so they make no word-pair
 * keys; a processor sold as such is filed under its model ("i7-4790"); a season ("SS15") is no
 * code; "auto" is "automatic", "prm" "premium". 10: product types of camera and computer shops in
 * their own language ("Objektiv", "Prozessor", "Speicher") are the English word. 11: a product's
 * part number (its MPN field) is filed as a code though its names lack it; a shop's promises ("mit
 * Garantie", "NEU", "Top-Angebot") make no word-pair keys. 12: a German compound of "chronograph"
 * ("Herrenchronograph") is its two words; "chrono" is "chronograph", Nike's "GS" kids, "limoen",
 * "mangue" are lime and mango. 13: a CD's "jewel case" ("j/c", "jc") is one generic word, so it
 * makes no word-pair keys. 14: an AMD Ryzen model sold as a processor ("1600X") is a code. 15: so is an Intel
 * model written apart ("i7 6850K"). 16: a shoe's "RN" is "run". 17: "upgrading" is "upgrade", "teachers" "teacher" (licence words: no
 * word-pair keys).
 */
export const TITLE_KEYS_VERSION = 17;

const PAGE = 500;

/**
 * Share of one core the pass may take: after each page it rests as long as the page took, so a
 * catalog of a million products keeps answering its RPCs at their usual speed while the pass runs
 * (it takes minutes either way; nothing waits on it, matching finds older products by old keys).
 */
const DUTY_CYCLE = 0.5;

interface BackfillStores {
  readonly products: ProductRepository;
  readonly brands: BrandRepository;
  readonly keys: ProductKeyRepository;
}

export interface BackfillPacing {
  /** Products filed per page (one progress record each). */
  readonly pageSize: number;
  /** Waits between pages; given how long the page took (ms). */
  readonly rest: (pageMs: number) => Promise<void>;
}

export const HALF_A_CORE: BackfillPacing = {
  pageSize: PAGE,
  rest: (pageMs) => delay(Math.round((pageMs * (1 - DUTY_CYCLE)) / DUTY_CYCLE)),
};

/**
 * Files every product under the keys the current derivation gives it, when the store's keys follow
 * an older one. Offers look candidates up by the new keys at once, so until this has run, products
 * filed before would not be found under them. Idempotent (a key already there is not rewritten):
 * two replicas at once only redo work. The pass records how far it got after each page, so a
 * restart resumes it instead of starting over (at a million products a pass outlives many a
 * deploy). Keys an older derivation gave and this one does not stay; they cost a little space and
 * find nothing a current title asks for. A product renamed or merged while its page is filed may
 * keep a key it no longer has: a candidate too many, which matching checks against the product
 * anyway. Returns how many products were passed over in this call (0: nothing to do). Stops
 * between pages once `stopped()` says so.
 */
export async function backfillTitleKeys(
  stores: BackfillStores,
  logger: Logger,
  stopped: () => boolean = () => false,
  pacing: BackfillPacing = HALF_A_CORE,
): Promise<number> {
  const { products, brands, keys } = stores;
  if ((await keys.titleKeysVersion()) >= TITLE_KEYS_VERSION) return 0;
  const startedAt = performance.now();
  const progress = await keys.titleKeysProgress();
  const resumeAfter = progress?.version === TITLE_KEYS_VERSION ? progress.after : '';
  if (resumeAfter !== '') logger.info({ after: resumeAfter }, 'title key pass resumed where it stopped');
  let passed = 0;
  for (let page = await products.after(resumeAfter, pacing.pageSize); page.length > 0;) {
    if (stopped()) return passed; // the next start resumes after the last page filed
    const pageStarted = performance.now();
    const filed = page.filter((product) => product.status !== 'merged');
    const brandById = await brands.getMany(filed.map((product) => product.brandId));
    await keys.putTitleKeys(
      filed.flatMap((product) => titleKeyRecords(product, brandById.get(product.brandId)?.name ?? '')),
    );
    const lastId = page.at(-1)?._id ?? '';
    await keys.setTitleKeysProgress({ version: TITLE_KEYS_VERSION, after: lastId });
    passed += page.length;
    page = await products.after(lastId, pacing.pageSize);
    if (page.length > 0) await pacing.rest(performance.now() - pageStarted);
  }
  await keys.setTitleKeysVersion(TITLE_KEYS_VERSION);
  await keys.setTitleKeysProgress(null);
  if (passed > 0)
    logger.info(
      { products: passed, version: TITLE_KEYS_VERSION, seconds: Math.round((performance.now() - startedAt) / 1000) },
      'title keys filed under the current derivation',
    );
  return passed;
}
