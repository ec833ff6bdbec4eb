// npm run shop:activate -- --shop ID --as STAFF_USER_ID [--confirmed] [--reason TEXT] [--addr HOST:PORT]
// Staff activate a shop from a script (spec §4: "activated by the provider"; the admin panel's
// shops page calls the same RPC): offers.SetShopStatus ACTIVE, signed as the operator's tool for
// the staff:admin user `--as` names (`npm run admin:create` prints its id), so the running service
// checks the role and writes the change with its ShopChanged and the owner's e-mail. An owned shop needs a
// subscription that pays for it (NO_ACTIVE_SUBSCRIPTION otherwise).
import { parseArgs } from 'node:util';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { loadToolIdentity } from '@pc/kit/identity/process-identity';

const USAGE = 'npm run shop:activate -- --shop ID --as STAFF_USER_ID [--confirmed] [--reason TEXT] [--addr HOST:PORT]';

/** Where offers listens: --addr, OFFERS_GRPC_ADDR, or the launcher's layout (GRPC_PORT_BASE + 1). */
const offersAddress = (given: string | undefined): string =>
  given ??
  process.env.OFFERS_GRPC_ADDR ??
  `${process.env.PLATFORM_HOST ?? '127.0.0.1'}:${Number(process.env.GRPC_PORT_BASE ?? 50051) + 1}`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        shop: { type: 'string' },
        confirmed: { type: 'boolean' },
        reason: { type: 'string' },
        addr: { type: 'string' },
        as: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\nusage: ${USAGE}\n`);
    return 2;
  }
  if (!values.shop || !values.as) {
    process.stderr.write(`error: missing --shop or --as\nusage: ${USAGE}\n`);
    return 2;
  }
  // An operator's tool (ops, keys under DATA_DIR/identity) acting for a staff user with the role.
  loadToolIdentity();
  const offers = createServiceClient(OffersServiceService, offersAddress(values.addr), { deadlineMs: 10_000 });
  try {
    const { shop } = await offers.setShopStatus({
      shopId: values.shop,
      actorUserId: values.as,
      status: ShopStatus.SHOP_STATUS_ACTIVE,
      ...(values.confirmed ? { confirmed: true } : {}),
      reason: values.reason ?? 'activated with npm run shop:activate',
    });
    process.stdout.write(
      `${shop?.id} ${shop?.name} (${shop?.domain}): ${ShopStatus[shop?.status ?? 0]}${shop?.confirmed ? ', confirmed' : ''}\n`,
    );
    return 0;
  } catch (error) {
    const reason = error instanceof RpcError && error.reason ? ` (${error.reason})` : '';
    process.stderr.write(`error: ${(error as Error).message}${reason}\n`);
    return 1;
  } finally {
    closeAllChannels();
  }
}

void main().then((code) => (process.exitCode = code));
