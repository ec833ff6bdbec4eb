import { NotificationsServiceService } from '@pc/proto/notifications/v1/notifications';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { withUnimplemented } from '@pc/kit/grpc/unimplemented';

/** The notifications gRPC API (proto/notifications/v1). Its RPCs answer UNIMPLEMENTED until their issue lands. */
export function notificationsService(): ServiceRegistration {
  return serviceRegistration('pricecompare.notifications.v1.NotificationsService', NotificationsServiceService, withUnimplemented(NotificationsServiceService, {}));
}
