import type { AuditLog } from '@pc/audit-log/audit-log';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { AdvertisementRepository } from '../store/advertisement-repository.js';
import type { AdvertiserRepository } from '../store/advertiser-repository.js';
import type { AffiliateAccountRepository } from '../store/affiliate-account-repository.js';
import type { AdImpressionRepository } from '../store/ad-impression-repository.js';
import type { ClickAggregateRepository } from '../store/click-aggregate-repository.js';
import type { ClickRepository } from '../store/click-repository.js';
import type { LedgerRepository } from '../store/ledger-repository.js';
import type { PostbackLogRepository } from '../store/postback-log-repository.js';
import type { PromotionRepository } from '../store/promotion-repository.js';
import type { TransactionRepository } from '../store/transaction-repository.js';
import type { AdImpressionRecorder } from '../workflows/ad-impression-recorder.js';
import type { ClickRecorder } from '../workflows/click-recorder.js';
import type { LedgerSnapshot } from '../workflows/ledger-snapshot.js';
import type { TransactionRecorder } from '../workflows/transaction-recorder.js';
import type { FxRates } from './fx-rates.js';
import type { ShopAccess } from './shop-access.js';
import type { ShopDirectory } from './shop-directory.js';

/** What the gRPC handlers work with. */
export interface AffiliatesDependencies {
  readonly promotions: PromotionRepository;
  readonly shops: ShopDirectory;
  /** Named so for the advertiser handlers (the same directory as `shops`). */
  readonly shopDirectory: ShopDirectory;
  readonly staff: StaffCheck;
  readonly access: ShopAccess;
  readonly clicks: ClickRecorder;
  /** Every click as recorded (ListOwnClicks reads a signed-in user's). */
  readonly clickLog: ClickRepository;
  /** The click statistics, read here; the fold's thread writes them (ADR 077). */
  readonly aggregates: ClickAggregateRepository;
  readonly impressions: AdImpressionRepository;
  /** What visitors saw of the advertisements (RecordAdImpressions, ADR 104). */
  readonly adViews: AdImpressionRecorder;
  readonly advertisers: AdvertiserRepository;
  readonly accounts: AffiliateAccountRepository;
  readonly advertisements: AdvertisementRepository;
  readonly transactions: TransactionRepository;
  readonly recorder: TransactionRecorder;
  readonly ledger: LedgerRepository;
  readonly snapshot: LedgerSnapshot;
  readonly fx: FxRates;
  readonly postbackSecrets: ReadonlyMap<string, string>;
  readonly postbackMaxAgeMs: number;
  /** Every postback received and what became of it (ListPostbacks). */
  readonly postbackLog: PostbackLogRepository;
  /** Staff writes' who, what, before and after (ListAuditEntries of the affiliates panel). */
  readonly audit: AuditLog;
  /** The service's notion of now (promotion status, clicks; tests move it). */
  readonly clock: () => Date;
}
