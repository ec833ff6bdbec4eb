import { data } from '@remix-run/node';
import { z } from 'zod';
import type { StaffContext } from '../../auth/staff-session.server';
import {
  advertiserById,
  createAdvertiser,
  createAffiliateAccount,
  deleteAdvertisement,
} from '../../services/affiliates.server';
import { intent } from '../../writes/staff-write.server';
import { panelPath } from '../panels';
import { newAccount, newAdvertiser } from './advertiser-forms';

const adChoice = z.object({ advertisementId: z.string().trim().min(1, 'field.required') });

/** The advertisers page's write: a new advertiser (affiliates checks staff:affiliates, the fields, and audits it). */
export const advertiserListWrites = {
  create: intent({
    schema: newAdvertiser,
    summary: async (fields, _context, t) => ({
      title: t('advertisers.summary.create', { name: fields.name }),
      changes: [
        { label: t('advertisers.name'), before: '', after: fields.name },
        { label: t('advertisers.kind'), before: '', after: t(`advertisers.kind.${fields.kind}`) },
        {
          label: fields.kind === 'shop' ? t('advertisers.shop') : t('advertisers.brand'),
          before: '',
          after: fields.kind === 'shop' ? fields.shopId : fields.brandSlug,
        },
        { label: t('advertisers.homepage'), before: '', after: fields.homepageUrl },
        { label: t('advertisers.pricing'), before: '', after: t(`advertisers.pricing.${fields.pricing}`) },
      ],
    }),
    perform: async (fields, context) => {
      const id = await createAdvertiser(context.user.id, fields);
      return `${panelPath('affiliates', `advertisers/${encodeURIComponent(id)}`)}?done=1`;
    },
  }),
};

/** The advertiser a page shows (404 when affiliates does not know it). */
export async function advertiserOf(context: StaffContext, advertiserId: string) {
  const found = await advertiserById(context.user.id, advertiserId);
  if (!found) throw data({ notFound: true }, { status: 404 });
  return found;
}

/** One affiliate account or live advertisement of an advertiser, with the advertiser (404 when either is unknown). */
export async function advertiserPart<K extends 'accounts' | 'advertisements'>(
  context: StaffContext,
  advertiserId: string,
  part: K,
  id: string,
) {
  const found = await advertiserOf(context, advertiserId);
  const items: readonly { readonly id: string }[] = found[part];
  const item = items.find((candidate) => candidate.id === id) as (typeof found)[K][number] | undefined;
  if (!item) throw data({ notFound: true }, { status: 404 });
  return { advertiser: found.advertiser, item };
}

/** An advertiser page's writes: a new affiliate account; removing an advertisement (confirmed, password when old). */
export function advertiserWrites(advertiserId: string) {
  const here = `${panelPath('affiliates', `advertisers/${encodeURIComponent(advertiserId)}`)}?done=1`;
  return {
    account: intent({
      schema: newAccount,
      summary: async (fields, context, t) => {
        const { advertiser } = await advertiserOf(context, advertiserId);
        return {
          title: t('accounts.summary.create', { name: advertiser.name, network: fields.network }),
          changes: [
            { label: t('accounts.network'), before: '', after: fields.network },
            { label: t('accounts.publisher'), before: '', after: fields.publisherId },
            { label: t('accounts.commission'), before: '', after: String(fields.commissionBasisPoints) },
          ],
        };
      },
      perform: async (fields, context) => {
        await createAffiliateAccount(context.user.id, advertiserId, fields);
        return here;
      },
    }),
    deleteAd: intent({
      schema: adChoice,
      // Its clicks go to the advertiser's homepage from then on; there is no undo.
      destructive: true,
      summary: async ({ advertisementId }, context, t) => {
        const { advertisements } = await advertiserOf(context, advertiserId);
        const ad = advertisements.find((candidate) => candidate.id === advertisementId);
        if (!ad) throw data({ notFound: true }, { status: 404 });
        return {
          title: t('ads.summary.delete', { title: ad.title }),
          changes: [{ label: t('ads.title'), before: `${ad.title} (${ad.placement})`, after: '' }],
        };
      },
      perform: async ({ advertisementId }, context) => {
        await deleteAdvertisement(context.user.id, advertisementId);
        return here;
      },
    }),
  };
}
