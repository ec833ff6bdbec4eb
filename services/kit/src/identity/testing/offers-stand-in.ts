import { status as GrpcStatus } from '@grpc/grpc-js';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { Shop } from '@pc/proto/offers/v1/types';
import { pino } from 'pino';
import { RpcError } from '../../errors/grpc-errors.js';
import { createServiceClient } from '../../grpc/client.js';
import { createGrpcServer } from '../../grpc/server.js';
import { serviceRegistration, type ServiceHandlers } from '../../grpc/service-types.js';

type OffersHandlers = ServiceHandlers<typeof OffersServiceService>;

/** A stand-in for offers served in a test platform: who its callers are, as the kit verified them. */
export interface OffersStandIn {
  /**
   * Calls GetShop (the call graph grants it billing, not crawler) and GetFxRates (granted to
   * affiliates, not billing) from the current context: each answers the principal offers saw, or
   * `refused <status>`.
   */
  whoCalls(): Promise<{ getShop: string; getFxRates: string }>;
  close(): Promise<void>;
}

/**
 * Serves `pricecompare.offers.v1.OffersService` where GetShop names its verified caller (as the
 * shop's name) and GetFxRates answers nothing; every other RPC fails. For the tests of whom a
 * service's calls go out as: the real call graph decides what reaches the handlers.
 */
export async function serveOffersStandIn(): Promise<OffersStandIn> {
  const handlers: Partial<OffersHandlers> = {
    getShop: async (_request, context) => ({ shop: Shop.fromPartial({ name: context.caller?.principal ?? 'nobody' }) }),
    getFxRates: async () => ({ rates: [] }),
  };
  const unused = async (): Promise<never> => {
    throw new Error('not served by the stand-in');
  };
  const all = new Proxy(handlers, { get: (target, key: string) => target[key as keyof OffersHandlers] ?? unused });
  const server = createGrpcServer({
    services: [
      serviceRegistration('pricecompare.offers.v1.OffersService', OffersServiceService, all as OffersHandlers),
    ],
    logger: pino({ level: 'silent' }),
    graceMs: 500,
  });
  const client = createServiceClient(OffersServiceService, `127.0.0.1:${await server.listen('127.0.0.1', 0)}`);
  const outcome = <T>(call: Promise<T>, answer: (response: T) => string): Promise<string> =>
    call.then(answer, (error: unknown) =>
      error instanceof RpcError ? `refused ${GrpcStatus[error.code]}` : `failed ${String(error)}`,
    );
  return {
    whoCalls: async () => ({
      getShop: await outcome(
        client.getShop({ shopId: 's1', actorUserId: '' }),
        (response) => response.shop?.name ?? '',
      ),
      getFxRates: await outcome(client.getFxRates({ baseCurrency: 'EUR', quoteCurrencies: [] }), () => 'answered'),
    }),
    close: () => server.shutdown(),
  };
}
