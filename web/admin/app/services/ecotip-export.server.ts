import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { DonationStatus } from '@pc/proto/affiliates/v1/types';
import { config } from '../config.server';
import { EXPORT_DEADLINE_MS, iso, type ExportSource } from './export-source';
import { client } from './grpc.server';

const affiliates = client(AffiliatesServiceService, config.AFFILIATES_GRPC_ADDR);

/**
 * The EcoTip ledger in ledger order, from affiliates' ExportDonationEntries (ADR 062): affiliates
 * reads it 500 entries at a time and checks the caller's role itself.
 */
export const ECOTIP_LEDGER_EXPORT: ExportSource = {
  columns: [
    'id',
    'sequence',
    'donation_id',
    'transaction_id',
    'click_id',
    'state',
    'amount_minor',
    'currency',
    'accounting_amount_minor',
    'accounting_currency',
    'fx_rate',
    'month',
    'country',
    'organisation',
    'created_at',
  ],
  // Affiliates' own stream of the ledger, in ledger order; it checks the actor's role itself.
  async *rows(actorUserId, signal) {
    const stream = affiliates.exportDonationEntries({ actorUserId }, { signal, deadlineMs: EXPORT_DEADLINE_MS });
    for await (const { entry } of stream) {
      if (!entry) continue;
      yield {
        id: entry.id,
        sequence: Number(entry.sequence),
        donation_id: entry.donationId,
        transaction_id: entry.transactionId,
        click_id: entry.clickId,
        state: DonationStatus[entry.state]?.replace('DONATION_STATUS_', '').toLowerCase() ?? '',
        amount_minor: Number(entry.amount?.amountMinor ?? 0),
        currency: entry.amount?.currency ?? '',
        accounting_amount_minor: Number(entry.accountingAmount?.amountMinor ?? 0),
        accounting_currency: entry.accountingAmount?.currency ?? '',
        fx_rate: entry.fxRate,
        month: entry.month,
        country: entry.country,
        organisation: entry.organisation,
        created_at: iso(entry.createdAt),
      };
    }
  },
};
