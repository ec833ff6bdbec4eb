/**
 * What accounts consumes, in one place (docs/conventions.md §1): nothing. It emits
 * accounts.user-registered.v1 and accounts.account-deleted.v1 through the outbox inside the
 * user document (ADR 006); `workflows/outbox-relay.ts` publishes what a crash left behind.
 */
export const ACCOUNTS_CONSUMES: readonly string[] = [];
