import { describeAuthFlows } from './test-support/auth-suite.js';
import { EMBEDDED } from './test-support/accounts-harness.js';

describeAuthFlows(EMBEDDED);
