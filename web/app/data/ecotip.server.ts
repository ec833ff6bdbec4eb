import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetEcoTipSummaryResponse } from '@pc/proto/affiliates/v1/affiliates';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { moneyJson, type MoneyJson } from '~/api/mappers/money.server';
import { ecoTipSummary } from '~/services/affiliates.server';
import type { SiteContext } from '~/site/site-context.server';

/** The EcoTip page's totals (spec §1, §9), in the visitor's currency. */
export interface EcoTipView {
  readonly currency: string;
  readonly donated: MoneyJson | null;
  readonly pending: MoneyJson | null;
  readonly purchases: number;
  /** Newest month first, then by country. */
  readonly rows: readonly {
    month: string;
    country: string;
    donated: MoneyJson | null;
    pending: MoneyJson | null;
    purchases: number;
  }[];
  /** The ledger every total adds up from. */
  readonly ledgerCsv: string;
}

/** The ledger's CSV export (public). */
export const LEDGER_CSV_PATH = '/ecotip/ledger.csv';

/**
 * The totals per month and country in the visitor's currency, converted by affiliates at today's
 * rate from the ledger's Swiss francs (or in francs when no rate is known). Null when affiliates
 * cannot answer: the page then says so.
 */
export async function ecoTipTotals(context: SiteContext): Promise<EcoTipView | null> {
  let summary: GetEcoTipSummaryResponse;
  try {
    summary = await ecoTipSummary(context.currency).catch((error: unknown) => {
      if (error instanceof RpcError && error.code === GrpcStatus.INVALID_ARGUMENT) return ecoTipSummary('CHF');
      throw error;
    });
  } catch (error) {
    if (error instanceof RpcError) return null;
    throw error;
  }
  return {
    currency: summary.donated?.currency ?? 'CHF',
    donated: moneyJson(summary.donated),
    pending: moneyJson(summary.pending),
    purchases: summary.purchases,
    rows: summary.totals.map((t) => ({
      month: t.month,
      country: t.country,
      donated: moneyJson(t.confirmedConverted),
      pending: moneyJson(t.pendingConverted),
      purchases: t.purchases,
    })),
    ledgerCsv: LEDGER_CSV_PATH,
  };
}
