import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { cancelCrawl, getCrawlStatus, listCrawlJobs, listSchedules, scheduleCrawl } from './crawl-jobs.js';
import type { CrawlerDependencies } from './dependencies.js';
import { getExtractionRules, setExtractionRules } from './extraction-rules.js';
import { listFeedFetches } from './feed-fetches.js';
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
    listFeedFetches: (request) => listFeedFetches(request, deps),
    listUrls: (request) => listUrls(request, deps),
    getUrl: (request) => getUrl(request, deps),
    getExtractionRules: (request) => getExtractionRules(request, deps),
    setExtractionRules: (request) => setExtractionRules(request, deps),
  });
}
