import type { Logger } from 'pino';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { PaymentProvider } from '../provider/payment-provider.js';
import type { InvoiceRepository } from '../store/invoice-repository.js';
import type { AccountLedger } from '../workflows/account-ledger.js';
import type { CardSync } from '../workflows/card-sync.js';
import type { Customers } from '../workflows/customers.js';
import type { ProviderSync } from '../workflows/provider-sync.js';
import type { ShopDirectory } from '../workflows/shop-directory.js';
import type { WebhookProcessor } from '../workflows/webhook-processor.js';
import type { Actors } from './actor.js';

/** What the gRPC handlers work with. */
export interface BillingDependencies {
  readonly actors: Actors;
  /** The admin panel's role (staff:admin) for the staff RPCs. */
  readonly staff: StaffCheck;
  readonly ledger: AccountLedger;
  readonly invoices: InvoiceRepository;
  readonly provider: PaymentProvider;
  readonly customers: Customers;
  readonly cards: CardSync;
  readonly sync: ProviderSync;
  readonly shops: ShopDirectory;
  readonly webhooks: WebhookProcessor;
  /** The site's origin: return URLs must be its pages. */
  readonly siteUrl: string;
  /** Who issues the invoices (shown on the HTML invoice). */
  readonly issuer: string;
  readonly clock: () => Date;
  readonly logger: Logger;
}
