import { status as GrpcStatus } from '@grpc/grpc-js';
import { data } from '@remix-run/node';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { z } from 'zod';
import type { StaffContext } from '../../auth/staff-session.server';
import type { Translate } from '../../i18n/languages';
import { deletePromotion } from '../../services/affiliates.server';
import {
  createPromotion,
  directoryShop,
  promotionById,
  updatePromotion,
  type PromotionEdit,
} from '../../services/affiliates-promotions.server';
import { intent } from '../../writes/staff-write.server';
import type { ConfirmSummary } from '../../writes/write-state';
import { panelPath } from '../panels';
import { newPromotion, promotionEdit } from './promotion-forms';

const promotionPage = (promotionId: string) =>
  `${panelPath('affiliates', `promotions/${encodeURIComponent(promotionId)}`)}?done=1`;

/** The service's name of a field (`image_url`, `countries[1]`) as the form's input (`imageUrl`, `countries`). */
export const inputName = (field: string): string =>
  (field.split(/[.[]/)[0] ?? '').replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * A call to affiliates whose field violations name the form's inputs, so each shows beside its
 * own (the write's answer is the form again with them, nothing written). `shopGone`: its NOT_FOUND
 * means the shop left the directory since the check, an error of the shop's input too.
 */
async function asForm<T>(call: Promise<T>, options: { shopGone?: boolean } = {}): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    if (options.shopGone && error.code === GrpcStatus.NOT_FOUND)
      throw new RpcError(GrpcStatus.INVALID_ARGUMENT, error.details, [
        { field: 'shopId', reason: error.details, rule: 'exists' },
      ]);
    if (error.violations.length === 0) throw error;
    const violations = error.violations.map((violation) => ({ ...violation, field: inputName(violation.field) }));
    throw new RpcError(
      error.code,
      error.details,
      violations,
      error.retryAfterMs,
      error.reason,
      { cause: error },
      error.metadata,
    );
  }
}

const list = (items: readonly string[]) => items.join(', ');

/** The rows both confirm steps show, of what a promotion is or becomes. */
function rows(t: Translate, fields: PromotionEdit) {
  return [
    { label: t('promotions.promotion'), after: fields.title },
    { label: t('promotions.description'), after: fields.description },
    { label: t('promotions.url'), after: fields.url },
    { label: t('promotions.image'), after: fields.imageUrl },
    { label: t('promotions.code'), after: fields.code },
    { label: t('promotions.discount'), after: fields.discountPercent ? `${fields.discountPercent} %` : '' },
    { label: t('promotions.countries'), after: list(fields.countries) || t('promotions.everywhere') },
    { label: t('promotions.language'), after: fields.language },
    { label: t('promotions.starts'), after: fields.startsAt || t('promotions.now') },
    { label: t('promotions.ends'), after: fields.endsAt || t('promotions.open') },
  ];
}

/** The promotion a page edits (404 when affiliates knows no live one of this id). */
export async function promotionOf(context: StaffContext, promotionId: string) {
  const promotion = await promotionById(context.user.id, promotionId);
  if (!promotion) throw data({ notFound: true }, { status: 404 });
  return promotion;
}

/**
 * The promotions page's writes: a new promotion (affiliates checks staff:affiliates and every
 * field, makes its click-out location and audits it); removing one (its click-out then leads to
 * the shop's homepage).
 */
export const promotionWrites = {
  create: intent({
    schema: newPromotion,
    // A shop id typed in must be one affiliates finds: a listed shop of offers' directory.
    check: async ({ shopId }, _context, t) =>
      (await directoryShop(shopId)) ? null : { shopId: t('promotions.unknownShop') },
    summary: async (fields, _context, t): Promise<ConfirmSummary> => {
      const shop = await directoryShop(fields.shopId);
      return {
        title: t('promotions.summary.create', { title: fields.title }),
        changes: [
          { label: t('promotions.shop'), after: shop ? `${shop.name} (${shop.id})` : fields.shopId },
          { label: t('promotions.product'), after: fields.productId },
          { label: t('promotions.brand'), after: fields.brandSlug },
          ...rows(t, fields),
        ].map((row) => ({ ...row, before: '' })),
      };
    },
    perform: async (fields, context) => {
      const id = await asForm(createPromotion(context.user.id, fields), { shopGone: true });
      return promotionPage(id);
    },
  }),
  delete: intent({
    schema: z.object({
      promotionId: z.string().trim().min(1, 'field.required'),
      title: z.string().trim().max(200).default(''),
    }),
    destructive: true,
    summary: async ({ title }, _context, t) => ({
      title: t('promotions.summary.delete', { title }),
      changes: [{ label: t('promotions.promotion'), before: title, after: '' }],
    }),
    perform: async ({ promotionId }, context) => {
      await deletePromotion(context.user.id, promotionId);
      return `${panelPath('affiliates', 'promotions')}?done=1`;
    },
  }),
};

/**
 * A promotion's edit page: every field UpdatePromotion changes (its shop, product and brand are
 * set when it is made). Affiliates checks the role and the fields, the start and end as merged,
 * and audits before and after.
 */
export function promotionEditWrites(promotionId: string) {
  return {
    edit: intent({
      schema: promotionEdit,
      summary: async (fields, context, t): Promise<ConfirmSummary> => {
        const before = await promotionOf(context, promotionId);
        const was = rows(t, {
          ...before,
          startsAt: before.startsAt.slice(0, 10),
          endsAt: before.endsAt.slice(0, 10),
        });
        const all = rows(t, fields).map((row, index) => ({ ...row, before: was[index]?.after ?? '' }));
        const changed = all.filter((row) => row.before !== row.after);
        // Every field when none changes, so the page says what stays.
        return {
          title: t('promotions.summary.edit', { title: before.title }),
          changes: changed.length > 0 ? changed : all,
        };
      },
      perform: async (fields, context) => {
        const current = await promotionOf(context, promotionId);
        await asForm(updatePromotion(context.user.id, current, fields));
        return promotionPage(promotionId);
      },
    }),
  };
}
