import { EMBEDDED } from './test-support/accounts-harness.js';
import { describeTwoStepFlows } from './test-support/two-step-suite.js';

describeTwoStepFlows(EMBEDDED);
