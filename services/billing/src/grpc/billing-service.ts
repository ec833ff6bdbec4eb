import { BillingServiceService } from '@pc/proto/billing/v1/billing';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';

/** The billing gRPC API (proto/billing/v1). Its RPCs answer UNIMPLEMENTED until their issue lands. */
export function billingService(): ServiceRegistration {
  return serviceRegistration('pricecompare.billing.v1.BillingService', BillingServiceService, withUnimplemented(BillingServiceService, {}));
}
