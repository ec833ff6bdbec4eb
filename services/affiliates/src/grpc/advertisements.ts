import { randomBytes } from 'node:crypto';
import type {
  DeleteAdvertisementRequest,
  DeleteAdvertisementResponse,
  ListAdvertisementsRequest,
  ListAdvertisementsResponse,
  SaveAdvertisementRequest,
  SaveAdvertisementResponse,
} from '@pc/proto/affiliates/v1/affiliates';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { AdvertiserChecks } from '../domain/advertiser-input.js';
import { toAdvertisementMessage } from '../domain/advertiser-message.js';
import type { AdvertisementRecord } from '../domain/advertiser-records.js';
import { derivedFields } from '../domain/promotion-record.js';
import type { AdvertiserDependencies } from './advertisers.js';

/**
 * ListAdvertisements (public): the live ads of active advertisers, of a placement running now in the visitor's
 * country (or everywhere), in its language or any, for the category shown or one of its
 * ancestors (or any), by weight. Serving one counts nothing: the page counts what a visitor saw
 * (RecordAdImpressions, ADR 104).
 */
export async function listAdvertisements(
  request: ListAdvertisementsRequest,
  deps: AdvertiserDependencies,
): Promise<ListAdvertisementsResponse> {
  const checks = new AdvertiserChecks();
  const placement = checks.placement(request.placement);
  const country = checks.country('country', request.country);
  const language = checks.optionalLanguage(request.language);
  const limit = request.limit === 0 ? 1 : checks.intBetween('limit', request.limit, 1, 20);
  checks.maxItems('category_path', request.categoryPath.length, 20);
  checks.done();
  const categories = new Set([request.categoryId, ...request.categoryPath].map((id) => id.trim()).filter(Boolean));
  const running = await deps.advertisements.running(placement, country, deps.clock().toISOString());
  // A deactivated advertiser's ads stop being served at once.
  const live = new Set(
    (await deps.advertisers.getMany([...new Set(running.map((ad) => ad.advertiserId))]))
      .filter((advertiser) => advertiser.active)
      .map((advertiser) => advertiser._id),
  );
  const shown = running
    .filter((ad) => live.has(ad.advertiserId))
    .filter((ad) => !ad.language || !language || ad.language === language)
    .filter((ad) => ad.categoryIds.length === 0 || ad.categoryIds.some((id) => categories.has(id)))
    .slice(0, limit);
  return { advertisements: shown.map((ad) => toAdvertisementMessage(ad, { staff: false })) };
}

/** SaveAdvertisement (staff): creates with an empty id, else replaces the ad's fields. */
export async function saveAdvertisement(
  request: SaveAdvertisementRequest,
  deps: AdvertiserDependencies,
): Promise<SaveAdvertisementResponse> {
  const input = request.advertisement;
  const checks = new AdvertiserChecks();
  if (!input) checks.add('advertisement', 'is required', 'required');
  const advertiserId = checks.id('advertisement.advertiser_id', input?.advertiserId ?? '', { required: true });
  const placement = checks.placement(input?.placement ?? '');
  const title = checks.text('advertisement.title', input?.title ?? '', { required: true, max: 200 });
  const text = checks.text('advertisement.text', input?.text ?? '', { max: 1_000 });
  const imageUrl = checks.url('advertisement.image_url', input?.imageUrl ?? '');
  const url = checks.url('advertisement.url', input?.url ?? '', { required: true });
  const countries = checks.countries(input?.countries ?? []);
  const language = checks.optionalLanguage(input?.language ?? '');
  checks.maxItems('advertisement.category_ids', input?.categoryIds.length ?? 0, 50);
  const categoryIds = (input?.categoryIds ?? []).map((id) => id.trim()).filter(Boolean);
  const weight = checks.intBetween('advertisement.weight', input?.weight ?? 0, 0, 1_000);
  const now = deps.clock();
  const startsAt = input?.startsAt ?? now;
  const endsAt = input?.endsAt ?? null;
  checks.window(startsAt, endsAt);
  checks.done();
  await deps.staff.require(request.actorUserId, 'saving an advertisement');
  const advertiser = await deps.advertisers.get(advertiserId);
  if (!advertiser) throw new NotFoundError('advertiser', advertiserId);
  const current = input!.id ? await deps.advertisements.get(input!.id) : null;
  if (input!.id && (!current || current.deleted)) throw new NotFoundError('advertisement', input!.id);
  const end = endsAt ? endsAt.toISOString() : null;
  const { endKey, countryKeys } = derivedFields(countries, end);
  const record: AdvertisementRecord = {
    _id: current?._id ?? randomBytes(8).toString('hex'),
    advertiserId,
    shopId: advertiser.shopId,
    placement,
    title,
    text,
    imageUrl,
    url,
    countries,
    countryKeys,
    language,
    categoryIds,
    startsAt: startsAt.toISOString(),
    endsAt: end,
    endKey,
    weight,
    deleted: false,
    createdAt: current?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const stored = await deps.audit.around(
    {
      actorUserId: request.actorUserId,
      panel: 'affiliates',
      action: current ? 'advertisement.update' : 'advertisement.create',
      entityType: 'advertisement',
      entityId: record._id,
      before: current,
    },
    () => deps.advertisements.save(record, current?._version ?? 0),
    (saved) => saved,
  );
  return { advertisement: toAdvertisementMessage(stored, { staff: true }) };
}

/** DeleteAdvertisement (staff): a tombstone, so its location falls back to the advertiser's homepage. */
export async function deleteAdvertisement(
  request: DeleteAdvertisementRequest,
  deps: AdvertiserDependencies,
): Promise<DeleteAdvertisementResponse> {
  const checks = new AdvertiserChecks();
  const id = checks.id('advertisement_id', request.advertisementId, { required: true });
  checks.done();
  await deps.staff.require(request.actorUserId, 'deleting an advertisement');
  const current = await deps.advertisements.get(id);
  if (!current || current.deleted) throw new NotFoundError('advertisement', id);
  const { _version: version, ...record } = current;
  await deps.audit.around(
    {
      actorUserId: request.actorUserId,
      panel: 'affiliates',
      action: 'advertisement.delete',
      entityType: 'advertisement',
      entityId: id,
      before: current,
    },
    () => deps.advertisements.save({ ...record, deleted: true, updatedAt: deps.clock().toISOString() }, version),
    (tombstone) => tombstone,
  );
  return {};
}
