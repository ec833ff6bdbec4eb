import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';

/** The affiliates gRPC API (proto/affiliates/v1). Its RPCs answer UNIMPLEMENTED until their issue lands. */
export function affiliatesService(): ServiceRegistration {
  return serviceRegistration('pricecompare.affiliates.v1.AffiliatesService', AffiliatesServiceService, withUnimplemented(AffiliatesServiceService, {}));
}
