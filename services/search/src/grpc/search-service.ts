import { SearchServiceService } from '@pc/proto/search/v1/search';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';

/** The search gRPC API (proto/search/v1). Its RPCs answer UNIMPLEMENTED until their issue lands. */
export function searchService(): ServiceRegistration {
  return serviceRegistration('pricecompare.search.v1.SearchService', SearchServiceService, withUnimplemented(SearchServiceService, {}));
}
