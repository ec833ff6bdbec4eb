import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { cancelCrawl, getCrawlStatus, listCrawlJobs, listSchedules, scheduleCrawl } from './crawl-jobs.js';
import type { CrawlerDependencies } from './dependencies.js';
import { getExtractionRules, setExtractionRules } from './extraction-rules.js';
import { previewExtraction } from './preview-extraction.js';
import { listFeedFetches } from './feed-fetches.js';
import { getHost, listHosts, updateHost } from './hosts.js';
import { checkUrl, getRobots } from './robots.js';
import { getUrl, listUrls } from './urls.js';

/** The crawler gRPC API (proto/crawler/v1). */
export function crawlerService(deps: CrawlerDependencies): ServiceRegistration {
  return serviceRegistration('pricecompare.crawler.v1.CrawlerService', CrawlerServiceService, {
    scheduleCrawl: async (request) => {
      const scheduled = await scheduleCrawl(request, deps);
      // Staff's crawls are audited; the services' own (offers refreshing a feed) are not staff
      // writes, and a request only checked (validate_only) wrote nothing.
      if (request.actorUserId && !request.validateOnly)
        await deps.audit.record({
          actorUserId: request.actorUserId,
          panel: 'crawler',
          action: 'crawl.schedule',
          entityType: 'crawl_target',
          entityId: scheduled.job?.target ? JSON.stringify(scheduled.job.target.target) : '',
          before: null,
          after: { jobId: scheduled.job?.id ?? '', scheduleId: scheduled.schedule?.id ?? '', reason: request.reason },
        });
      return scheduled;
    },
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
    previewExtraction: (request) => previewExtraction(request, deps),
  });
}
