import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { PromotionRepository } from '../store/promotion-repository.js';
import type { ShopDirectory } from './shop-directory.js';

/** What the gRPC handlers work with. */
export interface AffiliatesDependencies {
  readonly promotions: PromotionRepository;
  readonly shops: ShopDirectory;
  readonly staff: StaffCheck;
  /** The service's notion of now (promotion status; tests move it). */
  readonly clock: () => Date;
}
