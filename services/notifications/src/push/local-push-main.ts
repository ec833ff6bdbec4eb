// `npm run push:local -- --user-id u_… [--username anna]`: a browser stand-in for the local
// platform. Starts our local push service, subscribes it with notifications for that user (as the
// site's push helper does for the signed-in user) and prints every push as it arrives, verified
// and decrypted. Needs the local profile (`npm start` lets notifications accept loopback http
// endpoints). Ctrl-C unsubscribes.
import { parseArgs } from 'node:util';
import { NotificationsServiceService } from '@pc/proto/notifications/v1/notifications';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { loadToolIdentity } from '@pc/kit/identity/process-identity';
import { LocalPushService } from './local-push-service.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string', default: '' },
      'user-id': { type: 'string', default: '' },
      port: { type: 'string', default: '0' },
    },
  });
  const address = process.env.NOTIFICATIONS_GRPC_ADDR ?? '127.0.0.1:50058';
  // Signs as ops (an operator's tool) with the keys `npm start` wrote under DATA_DIR.
  loadToolIdentity();
  const notifications = createServiceClient(NotificationsServiceService, address, { deadlineMs: 5_000 });
  const push = await LocalPushService.start({ port: Number(values.port) });
  const { publicKey } = await notifications.getVapidPublicKey({});
  const subscription = push.subscribe(publicKey);
  await notifications.subscribe({
    endpoint: subscription.endpoint,
    keys: subscription.keys,
    expirationTime: undefined,
    actorUserId: values['user-id'] ?? '',
    username: values.username ?? '',
    language: 'en',
    userAgent: 'push:local',
  });
  process.stdout.write(
    `subscribed ${subscription.endpoint} (username "${values.username}", user "${values['user-id']}"); waiting for pushes, Ctrl-C stops\n`,
  );
  let shown = 0;
  const timer = setInterval(() => {
    for (const message of push.received().slice(shown))
      process.stdout.write(`${message.receivedAt.toISOString()} ${message.payload}\n`);
    for (const refusal of push.refused.splice(0))
      process.stdout.write(`refused (${refusal.status}): ${refusal.reason}\n`);
    shown = push.received().length;
  }, 200);
  const stop = async () => {
    clearInterval(timer);
    await notifications
      .unsubscribe({ endpoint: subscription.endpoint, actorUserId: values['user-id'] ?? '' })
      .catch(() => undefined);
    closeAllChannels();
    await push.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`push:local failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
