import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import type { FiringRecord, NotificationRecord } from '../domain/delivery-records.js';

/** The notification log and the alert firings. */
export class DeliveryRepositories {
  private constructor(
    readonly notifications: Collection<NotificationRecord>,
    readonly firings: Collection<FiringRecord>,
  ) {}

  static async open(store: DocumentStore): Promise<DeliveryRepositories> {
    const [notifications, firings] = await Promise.all([
      store.collection<NotificationRecord>({
        name: 'notifications',
        indexes: [{ fields: ['userId', 'createdAt'] }, { fields: ['username', 'createdAt'] }],
      }),
      store.collection<FiringRecord>({
        name: 'alert_firings',
        indexes: [
          { fields: ['userId', 'firedAt'] },
          { fields: ['alertId', 'firedAt'] },
          { fields: ['deliveryStatus'] },
        ],
      }),
    ]);
    return new DeliveryRepositories(notifications, firings);
  }

  /** Everything of a user (AccountDeleted). */
  async deleteForUser(userId: string): Promise<void> {
    for (const firing of await this.firings.find({ userId })) await this.firings.delete(firing._id);
    for (const notification of await this.notifications.find({ userId }))
      await this.notifications.delete(notification._id);
  }
}
