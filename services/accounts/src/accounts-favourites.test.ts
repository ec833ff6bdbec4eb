import { EMBEDDED } from './test-support/accounts-harness.js';
import { describeFavouriteFlows } from './test-support/favourites-suite.js';

describeFavouriteFlows(EMBEDDED);
