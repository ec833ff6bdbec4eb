import { randomBytes } from 'node:crypto';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { demoVisitor, shopReviewsOf, type DemoVisitor } from '../reviews/seed-shop-review.js';
import type { SeedShop } from '../shops/seed-shop.js';
import type { PlatformClients } from './clients.js';
import { failedWith } from './rpc-status.js';

export interface SeededShopReviews {
  readonly written: number;
  /** Written by an earlier run (one review per visitor and shop). */
  readonly existing: number;
}

/**
 * Visitors' reviews of the listed shops, as the demo's visitors would write them: each demo
 * visitor is a personal account (registered with a random password nobody knows — the accounts
 * exist to author reviews, not to sign in; one from an earlier run is found by its address), and
 * writes its reviews through ShopReviewsService as that user. Seeding twice writes nothing twice.
 */
export async function seedShopReviews(
  clients: PlatformClients,
  actorUserId: string,
  shops: readonly SeedShop[],
  shopIds: readonly string[],
  seed: string,
): Promise<SeededShopReviews> {
  const plan = shopReviewsOf(shops, seed);
  const visitors = new Map<number, string>();
  let written = 0;
  let existing = 0;
  for (const shop of shops) {
    const shopId = shopIds[shop.index];
    if (!shopId) continue;
    for (const review of plan.get(shop.index) ?? []) {
      let visitorId = visitors.get(review.visitor);
      if (visitorId === undefined) {
        visitorId = await demoVisitorId(clients, actorUserId, demoVisitor(review.visitor));
        visitors.set(review.visitor, visitorId);
      }
      try {
        await clients.shopReviews.addShopReview({
          actorUserId: visitorId,
          shopId,
          rating: review.rating,
          title: review.title,
          body: review.body,
          language: review.language,
        });
        written += 1;
      } catch (error) {
        if (!failedWith(error, GrpcStatus.ALREADY_EXISTS)) throw error;
        existing += 1;
      }
    }
  }
  return { written, existing };
}

/**
 * The demo visitor's account id: found by its address when an earlier run registered it (asking
 * first spares accounts a password hash and the owner's "already registered" mail), else
 * registered now.
 */
async function demoVisitorId(clients: PlatformClients, actorUserId: string, visitor: DemoVisitor): Promise<string> {
  const { users } = await clients.accountsStaff.searchUsers({
    actorUserId,
    query: visitor.email,
    panel: 0,
    lockedOnly: false,
    unverifiedOnly: false,
    businessOnly: false,
    order: 0,
    page: { page: 1, hitsPerPage: 5 },
  });
  const found = users.find((candidate) => candidate.email === visitor.email);
  if (found) return found.id;
  const password = randomBytes(24).toString('base64url');
  const { user } = await clients.accounts.register({
    name: visitor.name,
    email: visitor.email,
    password,
    passwordConfirmation: password,
    phone: '',
    accountType: AccountType.ACCOUNT_TYPE_PERSONAL,
    company: '',
    termsAccepted: true,
    language: 'en',
    rememberMe: false,
    client: undefined,
  });
  if (!user) throw new Error(`demo visitor ${visitor.email} is neither found by accounts.SearchUsers nor new`);
  return user.id;
}
