import { status as GrpcStatus } from '@grpc/grpc-js';
import type { FxRate } from '@pc/proto/common/v1/money';
import type { OffersServiceService } from '@pc/proto/offers/v1/offers';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { ServiceClient } from '@pc/kit/grpc/client';

/**
 * Exchange rates as offers keeps them (offers.GetFxRates): the latest rate between two
 * currencies, or null when offers knows none (its NOT_FOUND FX_RATE_MISSING).
 */
export class FxRates {
  constructor(private readonly offers: ServiceClient<typeof OffersServiceService>) {}

  async latest(base: string, quote: string): Promise<FxRate | null> {
    if (base === quote) return { baseCurrency: base, quoteCurrency: quote, rate: '1', asOf: undefined };
    try {
      const { rates } = await this.offers.getFxRates({ baseCurrency: base, quoteCurrencies: [quote], at: undefined });
      return rates.find((rate) => rate.quoteCurrency === quote) ?? null;
    } catch (error) {
      if (
        error instanceof RpcError &&
        (error.code === GrpcStatus.NOT_FOUND || error.code === GrpcStatus.INVALID_ARGUMENT)
      )
        return null;
      throw error;
    }
  }
}
