import type { ServiceConfig } from '@pc/kit/config/service-config';
import type { BuildContext, ServiceApp } from '@pc/kit/service/service-app';
import { notificationsService } from './grpc/notifications-service.js';

/** Builds the notifications service without binding a port (tests run it in-process). */
export async function buildNotificationsApp(_context: BuildContext<ServiceConfig>): Promise<ServiceApp> {
  return {
    services: [notificationsService()],
    readiness: {},
    stop: async () => {},
  };
}
