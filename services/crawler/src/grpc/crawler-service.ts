import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { cancelCrawl, getCrawlStatus, listCrawlJobs, listSchedules, scheduleCrawl } from './crawl-jobs.js';
import type { CrawlerDependencies } from './dependencies.js';
import { getExtractionRules, setExtractionRules } from './extraction-rules.js';
import { getHost, listHosts, updateHost } from './hosts.js';
import { checkUrl, getRobots } from './robots.js';
import { getUrl, listUrls } from './urls.js';

/** The crawler gRPC API (proto/crawler/v1). */
export function crawlerService(deps: CrawlerDependencies): ServiceRegistration {
  return serviceRegistration('pricecompare.crawler.v1.CrawlerService', CrawlerServiceService, {
    scheduleCrawl: (request) => scheduleCrawl(request, deps),
    getCrawlStatus: (request) => getCrawlStatus(request, deps),
    listCrawlJobs: (request) => listCrawlJobs(request, deps),
    cancelCrawl: (request) => cancelCrawl(request, deps),
    listSchedules: (request) => listSchedules(request, deps),
    listHosts: (request) => listHosts(request, deps),
    getHost: (request) => getHost(request, deps),
    updateHost: (request) => updateHost(request, deps),
    getRobots: (request) => getRobots(request, deps),
    checkUrl: (request) => checkUrl(request, deps),
    // Feed fetches are recorded by the feed crawler; none exist before it runs.
    listFeedFetches: async (request) => {
      if (!request.shopId.trim()) throw new InvalidArgumentError([{ field: 'shop_id', reason: 'is required', rule: 'required' }]);
      return { fetches: [], page: pageResponse(resolvePage(request.page, { defaultSize: 50, maxSize: 200 }), 0) };
    },
    listUrls: (request) => listUrls(request, deps),
    getUrl: (request) => getUrl(request, deps),
    getExtractionRules: (request) => getExtractionRules(request, deps),
    setExtractionRules: (request) => setExtractionRules(request, deps),
  });
}
