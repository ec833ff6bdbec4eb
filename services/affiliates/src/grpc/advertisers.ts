import { randomBytes } from 'node:crypto';
import type {
  GetAdvertiserRequest,
  GetAdvertiserResponse,
  ListAdvertisersRequest,
  ListAdvertisersResponse,
  SaveAdvertiserRequest,
  SaveAdvertiserResponse,
  SaveAffiliateAccountRequest,
  SaveAffiliateAccountResponse,
} from '@pc/proto/affiliates/v1/affiliates';
import { AdvertiserKind, type Advertiser } from '@pc/proto/affiliates/v1/types';
import type { AuditLog } from '@pc/audit-log/audit-log';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { AdvertiserChecks } from '../domain/advertiser-input.js';
import { toAccountMessage, toAdvertisementMessage, toAdvertiserMessage } from '../domain/advertiser-message.js';
import type { AdvertiserRecord, AffiliateAccountRecord } from '../domain/advertiser-records.js';
import type { AdvertisementRepository } from '../store/advertisement-repository.js';
import type { AdvertiserRepository } from '../store/advertiser-repository.js';
import type { AdImpressionRepository } from '../store/ad-impression-repository.js';
import type { AffiliateAccountRepository } from '../store/affiliate-account-repository.js';
import type { ClickAggregateRepository } from '../store/click-aggregate-repository.js';
import type { ShopAccess } from './shop-access.js';
import type { ShopDirectory } from './shop-directory.js';

export interface AdvertiserDependencies {
  readonly advertisers: AdvertiserRepository;
  readonly accounts: AffiliateAccountRepository;
  readonly advertisements: AdvertisementRepository;
  readonly aggregates: ClickAggregateRepository;
  readonly impressions: AdImpressionRepository;
  readonly shopDirectory: ShopDirectory;
  readonly staff: StaffCheck;
  readonly access: ShopAccess;
  readonly audit: AuditLog;
  readonly clock: () => Date;
}

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

function checkAdvertiser(input: Advertiser): {
  checks: AdvertiserChecks;
  fields: Omit<AdvertiserRecord, '_id' | 'createdAt' | 'updatedAt' | 'sortName'>;
} {
  const checks = new AdvertiserChecks();
  const name = checks.text('advertiser.name', input.name, { required: true, max: 200 });
  const kind = checks.kind(input.kind);
  const shopId = checks.id('advertiser.shop_id', input.shopId, {
    required: kind === AdvertiserKind.ADVERTISER_KIND_SHOP,
  });
  const brandSlug = checks.brandSlug(input.brandSlug);
  if (kind === AdvertiserKind.ADVERTISER_KIND_BRAND && !brandSlug)
    checks.add('advertiser.brand_slug', 'is required for a brand', 'required');
  const homepageUrl = checks.url('advertiser.homepage_url', input.homepageUrl, { required: true });
  const pricing = checks.pricing(input.pricing);
  const costPerClick = checks.optionalMoney('advertiser.cost_per_click', input.costPerClick);
  checks.maxItems('advertiser.metas', input.metas.length, 20);
  const metas = input.metas.map((meta, i) => ({
    language: checks.language(`advertiser.metas[${i}].language`, meta.language),
    title: checks.text(`advertiser.metas[${i}].title`, meta.title, { required: true, max: 200 }),
    description: checks.text(`advertiser.metas[${i}].description`, meta.description, { max: 2_000 }),
  }));
  checks.distinct(
    'advertiser.metas',
    metas.map((m) => m.language),
    'the language',
  );
  return {
    checks,
    fields: {
      name,
      kind,
      shopId,
      brandSlug: kind === AdvertiserKind.ADVERTISER_KIND_BRAND ? brandSlug : '',
      homepageUrl,
      pricing,
      costPerClick,
      metas,
      active: input.active,
    },
  };
}

/** SaveAdvertiser (staff): creates with an empty id, else replaces the advertiser's fields. */
export async function saveAdvertiser(
  request: SaveAdvertiserRequest,
  deps: AdvertiserDependencies,
): Promise<SaveAdvertiserResponse> {
  const input = request.advertiser;
  const { checks, fields } = checkAdvertiser(input ?? ({ metas: [] } as unknown as Advertiser));
  if (!input) checks.add('advertiser', 'is required', 'required');
  checks.done();
  await deps.staff.require(request.actorUserId, 'saving an advertiser');
  if (fields.shopId) await deps.shopDirectory.require(fields.shopId);
  const now = deps.clock().toISOString();
  const current = input!.id ? await deps.advertisers.get(input!.id) : null;
  if (input!.id && !current) throw new NotFoundError('advertiser', input!.id);
  const record: AdvertiserRecord = {
    _id: current?._id ?? newId('av_'),
    ...fields,
    sortName: fields.name.toLowerCase(),
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  };
  const saved = await deps.audit.around(
    {
      actorUserId: request.actorUserId,
      panel: 'affiliates',
      action: current ? 'advertiser.update' : 'advertiser.create',
      entityType: 'advertiser',
      entityId: record._id,
      before: current,
    },
    () => deps.advertisers.save(record, current?._version ?? 0),
    (stored) => stored,
  );
  return { advertiser: toAdvertiserMessage(saved) };
}

/** ListAdvertisers (admin), by name. */
export async function listAdvertisers(
  request: ListAdvertisersRequest,
  deps: AdvertiserDependencies,
): Promise<ListAdvertisersResponse> {
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  await deps.access.requireAdmin(request.actorUserId, 'listing advertisers');
  const { items, total } = await deps.advertisers.page(page.skip, page.hitsPerPage);
  return { advertisers: items.map(toAdvertiserMessage), page: pageResponse(page, total) };
}

/** GetAdvertiser (admin): with its accounts and live advertisements, their impressions and clicks. */
export async function getAdvertiser(
  request: GetAdvertiserRequest,
  deps: AdvertiserDependencies,
): Promise<GetAdvertiserResponse> {
  const checks = new AdvertiserChecks();
  const id = checks.id('advertiser_id', request.advertiserId, { required: true });
  checks.done();
  await deps.access.requireAdmin(request.actorUserId, 'reading an advertiser');
  const advertiser = await deps.advertisers.get(id);
  if (!advertiser) throw new NotFoundError('advertiser', id);
  const [accounts, ads] = await Promise.all([deps.accounts.ofAdvertiser(id), deps.advertisements.ofAdvertiser(id)]);
  const ids = ads.map((ad) => ad._id);
  const [clickCounts, impressionCounts] = await Promise.all([
    deps.aggregates.getAdCounts(ids),
    deps.impressions.getMany(ids),
  ]);
  const clicks = new Map(clickCounts.map((count) => [count._id, count.clicks]));
  const impressions = new Map(impressionCounts.map((count) => [count._id, count.impressions]));
  const countsOf = (id: string) => ({ impressions: impressions.get(id) ?? 0, clicks: clicks.get(id) ?? 0 });
  return {
    advertiser: toAdvertiserMessage(advertiser),
    accounts: accounts.map(toAccountMessage),
    advertisements: ads.map((ad) => toAdvertisementMessage(ad, { staff: true, counts: countsOf(ad._id) })),
  };
}

/** SaveAffiliateAccount (staff): creates with an empty id, else replaces it; its shop is the advertiser's. */
export async function saveAffiliateAccount(
  request: SaveAffiliateAccountRequest,
  deps: AdvertiserDependencies,
): Promise<SaveAffiliateAccountResponse> {
  const input = request.account;
  const checks = new AdvertiserChecks();
  if (!input) checks.add('account', 'is required', 'required');
  const advertiserId = checks.id('account.advertiser_id', input?.advertiserId ?? '', { required: true });
  const network = checks.network(input?.network ?? '');
  const publisherId = checks.text('account.publisher_id', input?.publisherId ?? '', { required: true, max: 128 });
  const commissionBasisPoints = checks.intBetween(
    'account.commission_basis_points',
    input?.commissionBasisPoints ?? 0,
    0,
    10_000,
  );
  const commissionPerClick = checks.optionalMoney('account.commission_per_click', input?.commissionPerClick);
  const trackingParameters = checks.parameters('account.tracking_parameters', input?.trackingParameters ?? []);
  checks.done();
  await deps.staff.require(request.actorUserId, 'saving an affiliate account');
  const advertiser = await deps.advertisers.get(advertiserId);
  if (!advertiser) throw new NotFoundError('advertiser', advertiserId);
  const current = input!.id ? await deps.accounts.get(input!.id) : null;
  if (input!.id && !current) throw new NotFoundError('affiliate account', input!.id);
  const now = deps.clock().toISOString();
  const record: AffiliateAccountRecord = {
    _id: current?._id ?? newId('aa_'),
    advertiserId,
    shopId: advertiser.shopId,
    network,
    publisherId,
    commissionBasisPoints,
    commissionPerClick,
    trackingParameters,
    active: input!.active,
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  };
  const saved = await deps.audit.around(
    {
      actorUserId: request.actorUserId,
      panel: 'affiliates',
      action: current ? 'affiliate_account.update' : 'affiliate_account.create',
      entityType: 'affiliate_account',
      entityId: record._id,
      before: current,
    },
    () => deps.accounts.save(record, current?._version ?? 0),
    (stored) => stored,
  );
  return { account: toAccountMessage(saved) };
}
