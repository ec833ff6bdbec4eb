import type { FxRate } from '@pc/proto/common/v1/money';
import { EUR_RATES } from '../shops/countries.js';
import type { PlatformClients } from './clients.js';

const CURRENCIES = ['CHF', 'EUR', 'GBP', 'USD'] as const;

/** Every ordered pair of CHF, EUR, GBP and USD, crossed through EUR, 6 decimals. */
export function fxRates(asOf: Date): FxRate[] {
  return CURRENCIES.flatMap((base) =>
    CURRENCIES.filter((quote) => quote !== base).map((quote) => ({
      baseCurrency: base,
      quoteCurrency: quote,
      rate: (EUR_RATES[quote] / EUR_RATES[base]).toFixed(6),
      asOf,
    })),
  );
}

/** Stores the fixed rates, valid from the start of the history (prices abroad, history in another currency). */
export async function setFxRates(clients: PlatformClients, actorUserId: string, asOf: Date): Promise<number> {
  const { stored } = await clients.offers.setFxRates({ actorUserId, rates: fxRates(asOf), source: 'seed' });
  return stored;
}
