// npm run crawler:extract -- --file PAGE.html --url URL [--currency CHF]
// Prints the offers the crawler reads from a saved product page, as a JSON array: name, price
// {amount in minor units, currency}, availability, gtin, mpn, brand, url, image, flags.
import { extractOffers } from '../extraction/extract-offers.js';
import { isCurrency } from '../extraction/currency.js';
import { loadHtmlPage } from '../extraction/html-page.js';
import { offerJson } from '../extraction/offer-json.js';
import { PAGE_MAX_BYTES } from '../extraction/page-limits.js';
import { readOptions, runCommand, UsageError } from './cli-args.js';
import { readBoundedFile } from './read-bounded-file.js';

const USAGE = 'npm run crawler:extract -- --file PAGE.html --url URL [--currency CHF]';

runCommand(USAGE, async () => {
  const options = readOptions(process.argv.slice(2), ['file', 'url', 'currency'], ['file', 'url']);
  const url = options.url!;
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol))
    throw new UsageError(`--url: not an absolute http(s) URL: ${url}`);
  const currency = options.currency?.toUpperCase() ?? null;
  if (currency !== null && !isCurrency(currency))
    throw new UsageError(`--currency: not an ISO 4217 currency: ${options.currency}`);
  const { bytes, truncated } = await readBoundedFile(options.file!, PAGE_MAX_BYTES);
  if (truncated)
    throw new Error(
      `${options.file} is larger than ${PAGE_MAX_BYTES / 1024 / 1024} MiB, the most the crawler reads of a page`,
    );
  const result = extractOffers(loadHtmlPage(bytes.toString('utf8'), new URL(url).href), { currency });
  return JSON.stringify(result.offers.map(offerJson), null, 2);
});
