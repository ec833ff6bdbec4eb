// Every unit, service and contract test file runs as a platform process (jest.config.cjs): each
// in-process server verifies its callers, a handler's calls and a service's background work
// (consumers, jobs, what its app's start sets going: ADR 068) sign as its service, and the test's
// own calls sign as `ops` with the request's actor as the signed-in user
// (services/kit/src/identity/testing/test-identity.ts; docs/conventions.md §9 "The caller of a
// service test"). A file names another caller with useTestIdentity(principal), or checks the
// no-identity path with useNoIdentity().
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';

useTestIdentity('ops');
