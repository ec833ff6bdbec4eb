import { CrawlerServiceService } from '@pc/proto/crawler/v1/crawler';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';

/** The crawler gRPC API (proto/crawler/v1). Its RPCs answer UNIMPLEMENTED until their issue lands. */
export function crawlerService(): ServiceRegistration {
  return serviceRegistration('pricecompare.crawler.v1.CrawlerService', CrawlerServiceService, withUnimplemented(CrawlerServiceService, {}));
}
