import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testdataDir } from '../test-support/testdata.js';
import { availabilityOf } from './availability.js';
import { extractOffers } from './extract-offers.js';
import type { ExtractedOffer } from './extracted-offer.js';
import { loadHtmlPage } from './html-page.js';
import { readJsonLd } from './json-ld.js';
import { openGraphOffers } from './open-graph.js';
import { readPageMetadata } from './page-metadata.js';

/**
 * extruct's samples (scrapinghub/extruct tests/samples) with extruct's expected output beside
 * each page. What a comparison site needs of each is compared: name, price, currency,
 * availability and GTIN of every offer; for the broken JSON-LD pages, the repaired objects.
 */
const dir = testdataDir('extruct-samples');
const text = (file: string): string => readFileSync(join(dir, file), 'utf8');
const json = (file: string): unknown => JSON.parse(text(file));
const BASE = 'http://some-example.com/';

interface Expected {
  readonly name: string;
  readonly price: string;
  readonly currency: string;
  readonly availability: string;
  readonly gtin: string;
}

/** What we read, in the same terms: the price as a decimal, GTIN as the page wrote it. */
const observed = (offer: ExtractedOffer): Expected => ({
  name: offer.name,
  price: offer.price ? (offer.price.amount / 100).toFixed(2) : '',
  currency: offer.price?.currency ?? '',
  availability: String(offer.availability),
  gtin: offer.rawGtin,
});

type Properties = Record<string, unknown>;
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** extruct's microdata shape: {type, properties}; offers with sku are variants, an AggregateOffer beside them a summary. */
function expectedFromMicrodata(items: unknown): Expected[] {
  const product = asList(items).find((item) => String((item as { type: string }).type).endsWith('/Product')) as {
    properties: Properties;
  };
  const offers = asList(product.properties.offers).map((offer) => offer as { type: string; properties: Properties });
  const plain = offers.filter((offer) => offer.type.endsWith('/Offer'));
  return plain.map((offer) => ({
    name: String(plain.length > 1 ? offer.properties.name : product.properties.name),
    price: Number(offer.properties.price).toFixed(2),
    currency: String(offer.properties.priceCurrency),
    availability: String(availabilityOf(String(offer.properties.availability))),
    gtin: String(product.properties.gtin13 ?? offer.properties.gtin13 ?? ''),
  }));
}

/** extruct's "uniform" microdata: JSON-LD-like. */
function expectedFromUniform(items: unknown): Expected[] {
  const product = asList(items)[0] as Properties;
  const offer = product.offers as Properties;
  return [
    {
      name: String(product.name),
      price: Number(offer.price).toFixed(2),
      currency: String(offer.priceCurrency),
      availability: String(availabilityOf(String(offer.availability))),
      gtin: '',
    },
  ];
}

/** extruct's OpenGraph shape: [key, value] pairs. */
function expectedFromOpenGraph(items: unknown): Expected[] {
  const pairs = new Map((asList(items)[0] as { properties: [string, string][] }).properties);
  return [
    {
      name: pairs.get('og:title') ?? '',
      price: Number(pairs.get('product:price:amount')).toFixed(2),
      currency: pairs.get('product:price:currency') ?? '',
      availability: String(availabilityOf(pairs.get('product:availability'))),
      gtin: pairs.get('product:gtin') ?? '',
    },
  ];
}

const extract = (file: string) => extractOffers(loadHtmlPage(text(file), BASE));

describe('extraction on the extruct samples', () => {
  it.each([
    ['schema.org/product.html', 'schema.org/product.json'],
    ['schema.org/product-ref.html', 'schema.org/product-ref.json'],
    ['websites/microdata-with-description.html', 'websites/microdata-with-description.json'],
  ])('%s: the microdata offers match extruct', (page, expected) => {
    const result = extract(page);
    expect(result.method).toBe('microdata');
    expect(result.offers.map(observed)).toEqual(expectedFromMicrodata(json(expected)));
    expect(result.offers.every((offer) => offer.flags.length === 0)).toBe(true);
  });

  it('misc/product_microdata.html: matches extruct’s uniform reading', () => {
    expect(extract('misc/product_microdata.html').offers.map(observed)).toEqual(
      expectedFromUniform(json('misc/product_microdata.uniform.json')),
    );
  });

  it('resolves relative images against the page, as extruct does with a base URL', () => {
    const expected = json('schema.org/product_custom_url.json') as [{ properties: { image: string } }];
    expect(extract('schema.org/product.html').offers[0]!.image).toBe(expected[0].properties.image);
  });

  it('misc/opengraph_ns_product_test.html: the OpenGraph offer matches extruct; its GTIN completes the microdata offer', () => {
    const page = text('misc/opengraph_ns_product_test.html');
    const openGraph = openGraphOffers(readPageMetadata(page, BASE).rdfa, BASE, null);
    expect(openGraph.map(observed)).toEqual(expectedFromOpenGraph(json('misc/opengraph_ns_product_test.json')));
    const [offer] = extract('misc/opengraph_ns_product_test.html').offers;
    // Microdata comes first; the price agrees with OpenGraph's, so nothing is flagged.
    expect(offer).toMatchObject({
      method: 'microdata',
      price: { amount: 1799, currency: 'USD' },
      gtin: '00032429335302',
      sku: 'fye.000000032429335302',
      flags: [],
    });
  });

  it('misc/opengraph_test.html: an article is no offer', () => {
    expect(extract('misc/opengraph_test.html').offers).toEqual([]);
  });

  it.each([
    'custom.invalid/AllocateAction.001',
    'custom.invalid/JSONLD_with_JS_comment',
    'custom.invalid/JSONLD_with_control_characters',
    'custom.invalid/JSONLD_with_control_characters_comment',
    'custom.invalid/JoinAction.001',
    'schema.org.invalid/AllocateAction.001',
    'schema.org.invalid/JoinAction.001',
  ])('%s: the broken JSON-LD is repaired to what extruct reads', (name) => {
    const page = loadHtmlPage(text(`${name}.html`), BASE);
    expect(readJsonLd(page.$)).toEqual({ values: json(`${name}.jsonld`), unreadable: 0 });
    expect(extractOffers(page).offers).toEqual([]);
  });
});
