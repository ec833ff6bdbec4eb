import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import type { AdvertiserRepository } from '../store/advertiser-repository.js';
import type { AffiliateAccountRepository } from '../store/affiliate-account-repository.js';

/**
 * A network may report sales of a shop only while our account with it is live: a shop with
 * accounts at the network none of which is active (or whose advertisers are all deactivated)
 * has its postbacks refused, as a network operator expects once a programme is paused. A shop
 * without any account at the network keeps today's rule (its postbacks are taken: imports,
 * networks set up before their accounts were entered).
 */
export async function requireLiveAccount(
  deps: { readonly accounts: AffiliateAccountRepository; readonly advertisers: AdvertiserRepository },
  network: string,
  shopId: string,
): Promise<void> {
  if (!shopId) return;
  const accounts = await deps.accounts.ofShopAndNetwork(shopId, network);
  if (accounts.length === 0) return;
  const active = accounts.filter((account) => account.active);
  const advertisers = await deps.advertisers.getMany([...new Set(active.map((account) => account.advertiserId))]);
  if (advertisers.some((advertiser) => advertiser.active)) return;
  const what = active.length === 0 ? 'affiliate account' : "affiliate account's advertiser";
  throw new FailedPreconditionError(`the ${what} of shop ${shopId} with ${network} is deactivated`, {
    reason: 'INACTIVE_ACCOUNT',
    metadata: { shop_id: shopId, network },
  });
}
