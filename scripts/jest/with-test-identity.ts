// Runs any test file as if its process were a platform process: every in-process server verifies
// its callers, every client signs as `ops` (services/kit/src/identity/testing/test-identity.ts).
//   npx jest --setupFilesAfterEnv ./scripts/jest/with-test-identity.ts services/accounts
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';

useTestIdentity('ops');
