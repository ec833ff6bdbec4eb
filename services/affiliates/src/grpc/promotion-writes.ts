import { randomBytes } from 'node:crypto';
import type {
  CreatePromotionRequest,
  CreatePromotionResponse,
  DeletePromotionRequest,
  DeletePromotionResponse,
  UpdatePromotionRequest,
  UpdatePromotionResponse,
} from '@pc/proto/affiliates/v1/affiliates';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { PromotionChecks } from '../domain/promotion-input.js';
import { toPromotionMessage } from '../domain/promotion-message.js';
import { derivedFields, type PromotionRecord } from '../domain/promotion-record.js';
import type { AffiliatesDependencies } from './dependencies.js';

/** CreatePromotion (staff): checks every field, then the actor, then the shop (NOT_FOUND), then stores it. */
export async function createPromotion(
  request: CreatePromotionRequest,
  deps: AffiliatesDependencies,
): Promise<CreatePromotionResponse> {
  const now = deps.clock();
  const checks = new PromotionChecks();
  const title = checks.title(request.title);
  const description = checks.description(request.description);
  const imageUrl = checks.imageUrl(request.imageUrl);
  const shopId = checks.id('shop_id', request.shopId, { required: true });
  const productId = checks.id('product_id', request.productId, { required: false });
  const brandSlug = checks.brandSlug(request.brandSlug);
  const url = checks.landingUrl(request.url);
  const code = checks.code(request.code);
  const discountPercent = checks.discount(request.discountPercent);
  const countries = checks.countries(request.countries);
  const language = checks.optionalLanguage(request.language);
  // No start given: it starts now.
  const startsAt = request.startsAt ?? now;
  const endsAt = request.endsAt ?? null;
  checks.window(startsAt, endsAt);
  checks.done();

  await deps.staff.require(request.actorUserId, 'creating a promotion');
  const shop = await deps.shops.require(shopId);
  const end = endsAt ? endsAt.toISOString() : null;
  const record: PromotionRecord = {
    _id: randomBytes(10).toString('hex'),
    title,
    description,
    imageUrl,
    shopId: shop.id,
    shopName: shop.name,
    shopFaviconUrl: shop.faviconUrl,
    productId,
    brandSlug,
    url,
    code,
    discountPercent,
    countries,
    ...derivedFields(countries, end),
    language,
    startsAt: startsAt.toISOString(),
    endsAt: end,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    deleted: false,
  };
  const stored = await deps.audit.around(
    { ...promotionAudit(request.actorUserId, 'promotion.create', record._id), before: null },
    () => deps.promotions.insert(record),
    (saved) => saved,
  );
  return { promotion: toPromotionMessage(stored, now, { withUrl: true }) };
}

/** UpdatePromotion (staff): only the set fields change; the merged start and end are checked together. */
export async function updatePromotion(
  request: UpdatePromotionRequest,
  deps: AffiliatesDependencies,
): Promise<UpdatePromotionResponse> {
  const checks = new PromotionChecks();
  const promotionId = checks.id('promotion_id', request.promotionId, { required: true });
  const title = request.title === undefined ? undefined : checks.title(request.title);
  const description = request.description === undefined ? undefined : checks.description(request.description);
  const imageUrl = request.imageUrl === undefined ? undefined : checks.imageUrl(request.imageUrl);
  const url = request.url === undefined ? undefined : checks.landingUrl(request.url);
  const code = request.code === undefined ? undefined : checks.code(request.code);
  const discountPercent = request.discountPercent === undefined ? undefined : checks.discount(request.discountPercent);
  const countries = request.replaceCountries ? checks.countries(request.countries) : undefined;
  const language = request.language === undefined ? undefined : checks.optionalLanguage(request.language);
  if (request.clearEndsAt && request.endsAt)
    checks.add('ends_at', 'cannot be set together with clear_ends_at', 'exclusive');
  checks.done();

  await deps.staff.require(request.actorUserId, 'changing a promotion');
  const current = await deps.promotions.get(promotionId);
  if (!current) throw new NotFoundError('promotion', promotionId);
  const startsAt = request.startsAt ?? new Date(current.startsAt);
  const kept = current.endsAt ? new Date(current.endsAt) : null;
  const endsAt = request.clearEndsAt ? null : (request.endsAt ?? kept);
  const window = new PromotionChecks();
  window.window(startsAt, endsAt);
  window.done();

  const now = deps.clock();
  const nextCountries = countries ?? current.countries;
  const end = endsAt ? endsAt.toISOString() : null;
  const { _version: version, ...base } = current;
  const next: PromotionRecord = {
    ...base,
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    ...(imageUrl !== undefined && { imageUrl }),
    ...(url !== undefined && { url }),
    ...(code !== undefined && { code }),
    ...(discountPercent !== undefined && { discountPercent }),
    ...(language !== undefined && { language }),
    countries: nextCountries,
    ...derivedFields(nextCountries, end),
    startsAt: startsAt.toISOString(),
    endsAt: end,
    updatedAt: now.toISOString(),
  };
  const stored = await deps.audit.around(
    { ...promotionAudit(request.actorUserId, 'promotion.update', current._id), before: current },
    () => deps.promotions.replace(next, version),
    (saved) => saved,
  );
  return { promotion: toPromotionMessage(stored, now, { withUrl: true }) };
}

/** DeletePromotion (staff): leaves a tombstone, so the promotion's click-out falls back to the shop's homepage. */
export async function deletePromotion(
  request: DeletePromotionRequest,
  deps: AffiliatesDependencies,
): Promise<DeletePromotionResponse> {
  const checks = new PromotionChecks();
  const promotionId = checks.id('promotion_id', request.promotionId, { required: true });
  checks.done();
  await deps.staff.require(request.actorUserId, 'deleting a promotion');
  const current = await deps.promotions.get(promotionId);
  if (!current) throw new NotFoundError('promotion', promotionId);
  const { _version: version, ...record } = current;
  await deps.audit.around(
    { ...promotionAudit(request.actorUserId, 'promotion.delete', promotionId), before: current },
    () => deps.promotions.replace({ ...record, deleted: true, updatedAt: deps.clock().toISOString() }, version),
    (tombstone) => tombstone,
  );
  return {};
}

/** The audit entry's who and what of a promotion write (the affiliates panel's role). */
function promotionAudit(actorUserId: string, action: string, entityId: string) {
  return { actorUserId, panel: 'affiliates' as const, action, entityType: 'promotion', entityId };
}
