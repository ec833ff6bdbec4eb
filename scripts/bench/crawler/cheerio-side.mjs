// bench:crawler's comparison: crawlee's own CheerioCrawler on the same demo shops, run in its own
// process (node --require ./named-hosts.cjs cheerio-side.mjs MANIFEST.json CONCURRENCY), with the
// politeness crawlee itself offers configured as our crawler's: one second between requests to a
// site (`sameDomainDelaySecs`, per registrable domain — hence the shops' names), robots.txt for
// our product token, no retries, the same concurrency. It runs until it is stopped; the demo
// shops' request log tells what it did.
import { readFileSync } from 'node:fs';
import { CheerioCrawler } from '@crawlee/cheerio';
import { Configuration, log, LogLevel } from '@crawlee/core';

const [manifestFile, concurrencyText] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const concurrency = Number(concurrencyText ?? 512);
const indexByAddress = new Map(manifest.shops.map((shop) => [new URL(shop.baseUrl).hostname, shop.index]));

/** A demo shop's URL under the shop's name (`shop-17.demo`); null for any other site. */
function named(href) {
  const url = new URL(href);
  if (/^shop-\d+\.demo$/.test(url.hostname)) return url.href;
  const index = indexByAddress.get(url.hostname);
  if (index === undefined) return null;
  url.hostname = `shop-${index}.demo`;
  return url.href;
}

log.setLevel(LogLevel.OFF);
let pages = 0;
let offers = 0;
const crawler = new CheerioCrawler(
  {
    maxConcurrency: concurrency,
    minConcurrency: Math.min(concurrency, 64),
    sameDomainDelaySecs: 1,
    respectRobotsTxtFile: { userAgent: manifest.crawlerProductToken },
    maxRequestRetries: 0,
    useSessionPool: false,
    persistCookiesPerSession: false,
    requestHandlerTimeoutSecs: 60,
    navigationTimeoutSecs: 30,
    additionalMimeTypes: ['application/xml', 'text/xml', 'text/plain'],
    async requestHandler({ $, request, enqueueLinks }) {
      pages += 1;
      // What a price crawler reads off a product page: its structured data.
      $('script[type="application/ld+json"]').each((_, element) => {
        try {
          if (JSON.parse($(element).text())?.offers) offers += 1;
        } catch {
          // broken JSON-LD: skipped here
        }
      });
      const site = new URL(request.loadedUrl ?? request.url).host;
      await enqueueLinks({
        strategy: 'all',
        transformRequestFunction: (next) => {
          const href = named(next.url);
          if (!href || new URL(href).host !== site) return false;
          next.url = href;
          return next;
        },
      });
    },
  },
  new Configuration({ persistStorage: false, purgeOnStart: true }),
);

process.on('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify({ pages, offers })}\n`);
  process.exit(0);
});
process.send?.({ type: 'ready' });
await crawler.run(manifest.shops.map((shop) => named(`${shop.baseUrl}/`)));
