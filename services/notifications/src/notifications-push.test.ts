import { EMBEDDED } from './test-support/notifications-harness.js';
import { describePushFlows } from './test-support/push-suite.js';

describePushFlows(EMBEDDED);
