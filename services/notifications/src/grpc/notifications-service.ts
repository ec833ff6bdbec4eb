import { NotificationsServiceService } from '@pc/proto/notifications/v1/notifications';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { getAlertEmailLink, stopAlertEmails } from './alert-email-links.js';
import { createPriceAlert, deletePriceAlert, getPriceAlert, listPriceAlerts } from './alert-handlers.js';
import { updatePriceAlert } from './alert-updates.js';
import type { NotificationsDependencies } from './dependencies.js';
import { listAlertFirings, listNotifications } from './log-handlers.js';
import { getVapidPublicKey, sendTestNotification, subscribe, unsubscribe } from './push-handlers.js';
import { listPushSubscriptions } from './push-subscription-reads.js';

/** The notifications gRPC API (proto/notifications/v1): every RPC served. */
export function notificationsService(deps: NotificationsDependencies): ServiceRegistration {
  return serviceRegistration('pricecompare.notifications.v1.NotificationsService', NotificationsServiceService, {
    getVapidPublicKey: () => getVapidPublicKey(deps),
    subscribe: (request) => subscribe(request, deps),
    unsubscribe: (request) => unsubscribe(request, deps),
    sendTestNotification: (request) => sendTestNotification(request, deps),
    createPriceAlert: (request) => createPriceAlert(request, deps),
    getPriceAlert: (request) => getPriceAlert(request, deps),
    listPriceAlerts: (request) => listPriceAlerts(request, deps),
    updatePriceAlert: (request) => updatePriceAlert(request, deps),
    deletePriceAlert: (request) => deletePriceAlert(request, deps),
    listAlertFirings: (request) => listAlertFirings(request, deps),
    listNotifications: (request) => listNotifications(request, deps),
    listPushSubscriptions: (request) => listPushSubscriptions(request, deps),
    getAlertEmailLink: (request) => getAlertEmailLink(request, deps),
    stopAlertEmails: (request) => stopAlertEmails(request, deps),
  });
}
