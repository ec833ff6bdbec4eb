import { redirect } from '@remix-run/node';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { User } from '@pc/proto/accounts/v1/types';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { requireUser } from '~/auth/guards.server';
import { config } from '~/config.server';

/** The pages of the business area (unprefixed, like the account area, spec §2.2). */
export const BUSINESS_PATH = '/account/business';

/**
 * A page of the business area: sign-in required (a visitor goes to login and comes back), and a
 * business account — anyone else is sent to the account page's "Open a business account".
 * Offers and billing check the role again on every call.
 */
export async function requireBusinessUser(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!user.isBusiness && !user.isAdmin) throw redirect('/account?business=required#business-heading');
  return user;
}

/** An absolute URL of the site (billing accepts return URLs only on the site's public origin). */
export function siteUrl(request: Request, path: string): string {
  return new URL(path, config.SITE_URL ?? new URL(request.url).origin).href;
}

/** A refusal the page's `reasons` turn into a text (for outcomes that are not a service's own error). */
export const refusal = (reason: string, message: string): RpcError =>
  new RpcError(GrpcStatus.FAILED_PRECONDITION, message, [], undefined, reason);
