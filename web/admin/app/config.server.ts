import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { loadConfig } from '@pc/kit/config/load-config';
import { flag, grpcAddress } from '@pc/kit/config/env-types';
import { checkGrpcTls, grpcTlsShape } from '@pc/kit/config/grpc-tls-config';
import { identityShape } from '@pc/kit/config/identity-config';
import { setClientTls } from '@pc/kit/grpc/channel-pool';
import { loadProcessIdentity } from '@pc/kit/identity/process-identity';
import { STAFF_PANELS, type StaffPanel } from './panels/panels';

/** "shopping=60,admin=15": minutes per panel (fractions allowed); panels not named keep the default. */
const minutesPerPanel = (fallback: number) =>
  z
    .string()
    .default('')
    .transform((value, ctx) => {
      const minutes = Object.fromEntries(STAFF_PANELS.map((panel) => [panel, fallback])) as Record<StaffPanel, number>;
      for (const pair of value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [panel, amount] = pair.split('=').map((x) => x.trim());
        const parsed = Number(amount);
        if (!panel || !(STAFF_PANELS as readonly string[]).includes(panel) || !(parsed > 0)) {
          ctx.addIssue({ code: 'custom', message: `"${pair}" is not <panel>=<minutes above 0>` });
          continue;
        }
        minutes[panel as StaffPanel] = parsed;
      }
      return minutes;
    });

/**
 * The admin app's configuration, read once at start; server-only (a loader returns explicitly
 * what a page needs).
 */
const schema = z
  .object({
    CATALOG_GRPC_ADDR: grpcAddress.default('127.0.0.1:50051'),
    OFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50052'),
    SEARCH_GRPC_ADDR: grpcAddress.default('127.0.0.1:50053'),
    ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
    BILLING_GRPC_ADDR: grpcAddress.default('127.0.0.1:50055'),
    AFFILIATES_GRPC_ADDR: grpcAddress.default('127.0.0.1:50056'),
    CRAWLER_GRPC_ADDR: grpcAddress.default('127.0.0.1:50057'),
    NOTIFICATIONS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50058'),
    ...grpcTlsShape,
    ...identityShape,
    SERVICE_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
    /**
     * Signs the panels' session cookies (HMAC). Every replica needs the same value (a Secret in the
     * cluster); unset, a random one per process (sessions then end with a restart).
     */
    ADMIN_SESSION_SECRET: z.string().min(32).optional(),
    /** Idle minutes before a panel's session ends, per panel ("admin=15,infrastructure=15"). */
    ADMIN_IDLE_MINUTES: minutesPerPanel(30),
    /** A destructive write asks for the password again when the last sign-in is older than this (0: always). */
    ADMIN_REAUTH_MINUTES: z.coerce.number().nonnegative().default(5),
    /**
     * Staff sign in only with two-step sign-in on (ADR 153): a staff account without it is refused
     * and told to turn it on on the site's account page. The chart turns it on.
     */
    ADMIN_REQUIRE_TWO_STEP: flag.default(false),
    COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
    /** The public site's origin: links to a product's or shop's public page. */
    SITE_URL: z.string().url().default('http://127.0.0.1:3000'),
    /** Where the services' ops servers are, for the infrastructure panel ("catalog=http://127.0.0.1:9101,…"). */
    OPS_URLS: z.string().default(''),
  })
  .superRefine((env, ctx) => checkGrpcTls(env, ctx, false));

export type AdminConfig = z.infer<typeof schema>;

export const config: AdminConfig = loadConfig(schema);
setClientTls(config);
// Calls to the services carry this front's signed service token and the signed-in user's token.
if (config.IDENTITY_KEY_FILE) loadProcessIdentity('admin', config);

/** The cookie-signing secret: configured, or one of this process's own. */
export const sessionSecret = config.ADMIN_SESSION_SECRET ?? randomBytes(32).toString('hex');
