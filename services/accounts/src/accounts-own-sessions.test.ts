import { EMBEDDED } from './test-support/accounts-harness.js';
import { describeOwnSessionFlows } from './test-support/own-sessions-suite.js';

describeOwnSessionFlows(EMBEDDED);
