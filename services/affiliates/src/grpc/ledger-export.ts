import type { AffiliatesServiceService, ExportDonationEntriesResponse } from '@pc/proto/affiliates/v1/affiliates';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import { toEntryMessage } from '../domain/transaction-message.js';
import type { LedgerRepository } from '../store/ledger-repository.js';

type Handlers = ServiceHandlers<typeof AffiliatesServiceService>;

/** Ledger entries read (and held in memory) per page of the stream. */
const EXPORT_PAGE = 500;

/**
 * ExportDonationEntries: the whole ledger in ledger order, read page by page after the last id
 * sent, so memory stays flat however long the ledger is and the gRPC stream's flow control paces
 * the reads. The ledger's own staff (staff:affiliates) and the data area's (staff:infrastructure)
 * may export it.
 */
export function ledgerExportHandler(deps: {
  readonly ledger: LedgerRepository;
  readonly staff: StaffCheck;
}): Pick<Handlers, 'exportDonationEntries'> {
  return {
    async *exportDonationEntries(request, context): AsyncIterable<ExportDonationEntriesResponse> {
      const actor = request.actorUserId;
      const allowed =
        (await deps.staff.hasPanel(actor, 'affiliates')) || (await deps.staff.hasPanel(actor, 'infrastructure'));
      if (!allowed) await deps.staff.require(actor, 'exporting the EcoTip ledger', 'affiliates');
      let after = '';
      for (;;) {
        if (context.signal.aborted) return;
        const page = await deps.ledger.page(after, EXPORT_PAGE);
        for (const entry of page) yield { entry: toEntryMessage(entry) };
        if (page.length < EXPORT_PAGE) return;
        after = page[page.length - 1]!._id;
      }
    },
  };
}
