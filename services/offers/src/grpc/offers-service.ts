import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';

/** The offers gRPC API (proto/offers/v1). Its RPCs answer UNIMPLEMENTED until their issue lands. */
export function offersService(): ServiceRegistration {
  return serviceRegistration('pricecompare.offers.v1.OffersService', OffersServiceService, withUnimplemented(OffersServiceService, {}));
}
