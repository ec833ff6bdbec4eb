import type { PreviewExtractionRequest, PreviewExtractionResponse } from '@pc/proto/crawler/v1/crawler';
import { FailedPreconditionError, InvalidArgumentError, UnavailableError } from '@pc/kit/errors/domain-errors';
import { FetchRefusedError, isFetchError } from '@pc/safe-fetch/errors';
import { hostKeyOf } from '../domain/crawl-url.js';
import { extractOffers } from '../extraction/extract-offers.js';
import { loadHtmlPage } from '../extraction/html-page.js';
import { offerJson } from '../extraction/offer-json.js';
import { selectorOffers } from '../extraction/selector-rules.js';
import { VisitDeferred, VisitForbidden, type VisitTurn } from '../fetching/visit-outcomes.js';
import type { CrawlerDependencies } from './dependencies.js';
import { checkedRules } from './extraction-rules.js';
import { fetchableUrlField } from './request-fields.js';

/** How long a preview waits for the host's turn (the crawler may be visiting it) before saying it is busy. */
const TURN_WAIT_MS = 10_000;

/** The host's turn for one request, waited for a while; robots.txt's no and a host still busy are refusals. */
async function hostTurn(host: string, url: URL, deps: CrawlerDependencies): Promise<VisitTurn> {
  const deadline = deps.now().getTime() + TURN_WAIT_MS;
  for (;;) {
    try {
      return await deps.access.begin(host, url.href, { followSitemaps: false });
    } catch (error) {
      if (error instanceof VisitForbidden)
        throw new FailedPreconditionError(error.message, {
          reason: 'ROBOTS_DISALLOWED',
          metadata: { rule: error.rule },
        });
      if (!(error instanceof VisitDeferred)) throw error;
      const now = deps.now().getTime();
      if (error.notBefore > deadline || now >= deadline)
        throw new FailedPreconditionError(`the host cannot be visited now: ${error.message}`, {
          reason: 'HOST_BUSY',
          metadata: { retry_after_ms: String(Math.max(0, error.notBefore - now)) },
        });
      await deps.sleep(Math.max(50, Math.min(error.notBefore - now, 1_000)));
    }
  }
}

/**
 * PreviewExtraction: one page fetched now as the crawler would fetch it — the fetch guard, the
 * host's lease and quiet time, robots.txt — then read by the given rules and by the crawler's
 * own extraction. Nothing is stored and nothing is observed.
 */
export async function previewExtraction(
  request: PreviewExtractionRequest,
  deps: CrawlerDependencies,
): Promise<PreviewExtractionResponse> {
  const url = fetchableUrlField('url', request.url, deps.checkFetchable);
  const host = hostKeyOf(url);
  const given = request.rules ? checkedRules(request.rules) : null;
  await deps.staff.require(request.actorUserId, 'trying extraction rules');
  const stored = await deps.store.hosts.get(host);
  const rules = given ?? stored?.rules ?? null;
  const turn = await hostTurn(host, url, deps);
  let page: { status: number; url: string; html: string; truncated: boolean };
  try {
    const response = await deps.fetcher.fetch(url.href, {
      ...deps.pageLimits,
      maxRedirects: 5,
      overflow: 'truncate',
      beforeRedirect: (_from, to) => deps.access.hop(turn, to, false),
    });
    page = { status: response.status, url: response.url, html: await response.text(), truncated: response.truncated };
  } catch (error) {
    if (error instanceof FetchRefusedError)
      throw new InvalidArgumentError([{ field: 'url', reason: error.message, rule: 'url' }]);
    if (isFetchError(error)) throw new UnavailableError(`the page did not answer: ${error.message}`, { cause: error });
    throw error;
  } finally {
    await deps.access.end(host, turn);
  }
  const html = loadHtmlPage(page.html, page.url);
  const currency = null;
  const byRules = rules ? selectorOffers(html.$, rules, page.url, currency) : [];
  const crawled = extractOffers(html, { rules, currency });
  return {
    httpStatus: page.status,
    finalUrl: page.url,
    rulesOffersJson: JSON.stringify(byRules.map(offerJson)),
    pageMethod: crawled.method ?? '',
    pageOffersJson: JSON.stringify(crawled.offers.map(offerJson)),
    truncated: page.truncated,
  };
}
