import { EMBEDDED } from './test-support/notifications-harness.js';
import { describePushSubscriptionList } from './test-support/push-subscription-list-suite.js';

describePushSubscriptionList(EMBEDDED);
