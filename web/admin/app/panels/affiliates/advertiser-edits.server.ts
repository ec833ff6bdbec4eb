import { data } from '@remix-run/node';
import type { Translate } from '../../i18n/languages';
import { updateAdvertisement, updateAdvertiser, updateAffiliateAccount } from '../../services/affiliates-edits.server';
import { intent } from '../../writes/staff-write.server';
import type { ConfirmSummary } from '../../writes/write-state';
import { panelPath } from '../panels';
import { accountEdit, advertisementEdit, advertiserEdit } from './advertiser-forms';
import { advertiserOf, advertiserPart } from './advertiser-writes.server';

type Change = { label: string; before: string; after: string };

/** The confirm step's rows: the fields that change (every field when none does, so the page says what stays). */
function changes(title: string, rows: readonly Change[]): ConfirmSummary {
  const changed = rows.filter((row) => row.before !== row.after);
  return { title, changes: changed.length > 0 ? changed : rows };
}

const yesNo = (t: Translate, value: boolean) => (value ? t('advertisers.yes') : t('advertisers.no'));
const notFound = () => data({ notFound: true }, { status: 404 });
const advertiserPage = (advertiserId: string) =>
  `${panelPath('affiliates', `advertisers/${encodeURIComponent(advertiserId)}`)}?done=1`;

/** The advertiser's edit page: every field of the create form and whether it is active (its ads stop being served, its postbacks are refused). */
export function advertiserEditWrites(advertiserId: string) {
  return {
    edit: intent({
      schema: advertiserEdit,
      summary: async (fields, context, t) => {
        const { advertiser: before } = await advertiserOf(context, advertiserId);
        const target = (kind: string, shopId: string, brandSlug: string) => (kind === 'shop' ? shopId : brandSlug);
        return changes(t('advertisers.summary.edit', { name: before.name }), [
          { label: t('advertisers.name'), before: before.name, after: fields.name },
          {
            label: t('advertisers.kind'),
            before: t(`advertisers.kind.${before.kind}`),
            after: t(`advertisers.kind.${fields.kind}`),
          },
          {
            label: t('advertisers.for'),
            before: target(before.kind, before.shopId, before.brandSlug),
            after: target(fields.kind, fields.shopId, fields.brandSlug),
          },
          { label: t('advertisers.homepage'), before: before.homepageUrl, after: fields.homepageUrl },
          {
            label: t('advertisers.pricing'),
            before: t(`advertisers.pricing.${before.pricing}`),
            after: t(`advertisers.pricing.${fields.pricing}`),
          },
          { label: t('advertisers.active'), before: yesNo(t, before.active), after: yesNo(t, fields.active) },
        ]);
      },
      perform: async (fields, context) => {
        if (!(await updateAdvertiser(context.user.id, advertiserId, fields))) throw notFound();
        return advertiserPage(advertiserId);
      },
    }),
  };
}

/** An affiliate account's edit page: network, publisher id, commission and whether it is active (inactive: no tracking parameters, postbacks refused). */
export function accountEditWrites(advertiserId: string, accountId: string) {
  return {
    edit: intent({
      schema: accountEdit,
      summary: async (fields, context, t) => {
        const { advertiser, item: before } = await advertiserPart(context, advertiserId, 'accounts', accountId);
        return changes(t('accounts.summary.edit', { name: advertiser.name, network: before.network }), [
          { label: t('accounts.network'), before: before.network, after: fields.network },
          { label: t('accounts.publisher'), before: before.publisherId, after: fields.publisherId },
          {
            label: t('accounts.commission'),
            before: String(before.commissionBasisPoints),
            after: String(fields.commissionBasisPoints),
          },
          { label: t('advertisers.active'), before: yesNo(t, before.active), after: yesNo(t, fields.active) },
        ]);
      },
      perform: async (fields, context) => {
        if (!(await updateAffiliateAccount(context.user.id, advertiserId, accountId, fields))) throw notFound();
        return advertiserPage(advertiserId);
      },
    }),
  };
}

const day = (iso: string) => iso.slice(0, 10);

/** An advertisement's edit page: every field of SaveAdvertisement. */
export function advertisementEditWrites(advertiserId: string, advertisementId: string) {
  return {
    edit: intent({
      schema: advertisementEdit,
      summary: async (fields, context, t) => {
        const { item: before } = await advertiserPart(context, advertiserId, 'advertisements', advertisementId);
        return changes(t('ads.summary.edit', { title: before.title }), [
          { label: t('ads.slot'), before: before.placement, after: fields.placement },
          { label: t('ads.title'), before: before.title, after: fields.title },
          { label: t('ads.text'), before: before.text, after: fields.text },
          { label: t('ads.image'), before: before.imageUrl, after: fields.imageUrl },
          { label: t('ads.url'), before: before.url, after: fields.url },
          { label: t('ads.countries'), before: before.countries, after: fields.countries.join(', ') },
          { label: t('ads.language'), before: before.language, after: fields.language },
          { label: t('ads.categories'), before: before.categoryIds, after: fields.categoryIds.join(', ') },
          { label: t('ads.starts'), before: day(before.startsAt), after: fields.startsAt },
          { label: t('ads.ends'), before: day(before.endsAt), after: fields.endsAt },
          { label: t('ads.weight'), before: String(before.weight), after: String(fields.weight) },
        ]);
      },
      perform: async (fields, context) => {
        if (!(await updateAdvertisement(context.user.id, advertiserId, advertisementId, fields))) throw notFound();
        return advertiserPage(advertiserId);
      },
    }),
  };
}
