import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';

/** The accounts gRPC API (proto/accounts/v1). Its RPCs answer UNIMPLEMENTED until their issue lands. */
export function accountsService(): ServiceRegistration {
  return serviceRegistration('pricecompare.accounts.v1.AccountsService', AccountsServiceService, withUnimplemented(AccountsServiceService, {}));
}
