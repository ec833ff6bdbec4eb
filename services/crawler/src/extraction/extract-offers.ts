import type { ExtractedOffer, ExtractionMethodName } from './extracted-offer.js';
import type { HtmlPage } from './html-page.js';
import { jsonLdObjects, readJsonLd } from './json-ld.js';
import { openGraphOffers } from './open-graph.js';
import { readPageMetadata } from './page-metadata.js';
import { offersOfProduct, productsIn, withConflict } from './product-offers.js';
import { nodeOf, type SchemaNode } from './schema-node.js';
import { selectorOffers, type SelectorRules } from './selector-rules.js';

export interface ExtractionOptions {
  /** The shop's rules for pages without structured data. */
  readonly rules?: SelectorRules | null;
  /** The shop's currency, assumed where a price names none; null requires the page to name it. */
  readonly currency?: string | null;
}

export interface PageExtraction {
  /** The offers of the first method that found any (JSON-LD, microdata, RDFa, OpenGraph, selectors). */
  readonly offers: readonly ExtractedOffer[];
  readonly method: ExtractionMethodName | null;
  /** JSON-LD blocks that could not be read even after repair. */
  readonly unreadableJsonLd: number;
  /** `<html lang>` of the page, '' when unset. */
  readonly language: string;
}

/** Items named nothing and priced nothing are not offers (a microdata fragment, a related item). */
const describesAnything = (offer: ExtractedOffer): boolean => offer.name !== '' || offer.price !== null;

const fromNodes = (
  method: ExtractionMethodName,
  nodes: readonly SchemaNode[],
  url: string,
  currency: string | null,
): ExtractedOffer[] =>
  productsIn(nodes)
    .flatMap((product) => offersOfProduct(product, { method, pageUrl: url, fallbackCurrency: currency }))
    .filter(describesAnything);

/** Whether two offers read by different methods describe the same item of the page. */
function sameItem(a: ExtractedOffer, b: ExtractedOffer, single: boolean): boolean {
  if (a.sku && b.sku) return a.sku === b.sku;
  if (a.gtin && b.gtin) return a.gtin === b.gtin;
  return single;
}

const FILLABLE = ['gtin', 'rawGtin', 'sku', 'mpn', 'brand', 'image', 'description'] as const;

/**
 * Holds an offer against what the page's other markup says about the same item: a different
 * price there (same currency) flags it — a page whose JSON-LD says 19.90 and whose microdata says
 * 24.90 has no price we can trust — and identifiers it lacks (GTIN, SKU, MPN, brand, image) are
 * taken from there.
 */
function reconcile(
  primary: readonly ExtractedOffer[],
  others: readonly (readonly ExtractedOffer[])[],
): ExtractedOffer[] {
  return primary.map((offer) => {
    const witnesses = others.flatMap((offers) =>
      offers.filter((witness) => sameItem(offer, witness, primary.length === 1 && offers.length === 1)),
    );
    const filled: Record<string, unknown> = { ...offer };
    for (const field of FILLABLE) {
      if (offer[field] === '') filled[field] = witnesses.find((witness) => witness[field] !== '')?.[field] ?? '';
    }
    const completed = filled as unknown as ExtractedOffer;
    const disagrees = witnesses.some(
      (witness) =>
        witness.price !== null &&
        offer.price !== null &&
        witness.price.currency === offer.price.currency &&
        witness.price.amount !== offer.price.amount,
    );
    return disagrees ? withConflict(completed) : completed;
  });
}

/**
 * The offers of a product page, JSON-LD first, then microdata, RDFa, OpenGraph and the shop's
 * selector rules; the other methods' readings are kept as witnesses against conflicting prices.
 */
export function extractOffers(page: HtmlPage, options: ExtractionOptions = {}): PageExtraction {
  const currency = options.currency ?? null;
  const jsonLd = readJsonLd(page.$);
  const metadata = readPageMetadata(page.html, page.url);
  const byMethod: readonly (readonly [ExtractionMethodName, () => ExtractedOffer[]])[] = [
    [
      'json-ld',
      () =>
        fromNodes(
          'json-ld',
          jsonLdObjects(jsonLd.values).map((object) => nodeOf(object)),
          page.url,
          currency,
        ),
    ],
    ['microdata', () => fromNodes('microdata', metadata.microdata, page.url, currency)],
    ['rdfa', () => fromNodes('rdfa', metadata.rdfa, page.url, currency)],
    ['opengraph', () => openGraphOffers(metadata.rdfa, page.url, currency)],
    ['selectors', () => (options.rules ? selectorOffers(page.$, options.rules, page.url, currency) : [])],
  ];
  const readings = byMethod.map(([method, read]) => ({ method, offers: read() }));
  const primary = readings.find((reading) => reading.offers.length > 0);
  const base = { unreadableJsonLd: jsonLd.unreadable, language: metadata.language };
  if (!primary) return { offers: [], method: null, ...base };
  const witnesses = readings.filter((reading) => reading !== primary).map((reading) => reading.offers);
  return { offers: reconcile(primary.offers, witnesses), method: primary.method, ...base };
}
