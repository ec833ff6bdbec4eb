import { describeAlertFlows } from './test-support/alerts-suite.js';
import { EMBEDDED } from './test-support/notifications-harness.js';

describeAlertFlows(EMBEDDED);
