/**
 * The principals of the platform: every process that holds a signing key of its own. The
 * services are listed in services/services.json; besides them the site, the admin app, the seed
 * and `ops` (operators' command-line tools and the end-to-end test drivers) sign their calls.
 */
export const CLIENT_PRINCIPALS = ['web', 'admin', 'seed', 'ops'] as const;

/**
 * Principals that vouch for a signed-in user: they resolve sessions (or, for `ops` and the seed,
 * act for a named staff user: an operator, the seed's staff user) and sign the user's token.
 * Their own identity is never staff: a staff RPC called by one of them needs the user's role.
 * The seed's tokens reach only the few RPCs the call graph grants it.
 */
export const USER_FRONTS: ReadonlySet<string> = new Set(['web', 'admin', 'ops', 'seed']);

/** The gRPC metadata carrying the caller's service token (`Bearer <jwt>`). */
export const SERVICE_TOKEN_HEADER = 'authorization';
/** The gRPC metadata carrying the signed-in user's token (a JWT signed by a user front). */
export const USER_TOKEN_HEADER = 'x-pc-user-token';
/** The audience of every platform token: a token for anything else is refused. */
export const TOKEN_AUDIENCE = 'pricecompare-grpc';
