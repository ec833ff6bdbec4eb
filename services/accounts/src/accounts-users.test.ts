import { EMBEDDED } from './test-support/accounts-harness.js';
import { describeUserFlows } from './test-support/users-suite.js';

describeUserFlows(EMBEDDED);
