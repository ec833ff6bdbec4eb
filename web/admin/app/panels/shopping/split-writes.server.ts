import { data } from '@remix-run/node';
import { z } from 'zod';
import type { StaffContext } from '../../auth/staff-session.server';
import type { Translate } from '../../i18n/languages';
import { panelPath } from '../../panels/panels';
import { brandById } from '../../services/brands.server';
import { productById, type ProductRow } from '../../services/catalog.server';
import { categoryById } from '../../services/categories.server';
import { productOffersForStaff, splitOffers, type SplitTarget } from '../../services/offer-moderation.server';
import { intent } from '../../writes/staff-write.server';
import { GTIN_PREFIX, nameField, SPLIT_PREFIX } from './split-fields';
import { TEXT_LANGUAGES } from './text-languages';

const picked = (fields: Record<string, string>, prefix: string): string[] =>
  Object.keys(fields)
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));

/** Catalog's bound of a product name. */
const MAX_NAME = 300;

const optionalText = (max: number) => z.string().trim().max(max, 'field.tooLong').default('');

const splitForm = z
  .object({
    target: z.enum(['existing', 'new'], { message: 'field.invalid' }).default('existing'),
    targetId: optionalText(100),
    brandId: optionalText(100),
    categoryId: optionalText(100),
    reason: z.string().trim().min(1, 'field.required').max(500, 'field.tooLong'),
  })
  // The checkboxes and the names per language (`name_en`, …).
  .catchall(z.string())
  .superRefine((fields, issues) => {
    for (const language of TEXT_LANGUAGES)
      if ((fields[nameField(language)] ?? '').trim().length > MAX_NAME)
        issues.addIssue({ code: 'custom', path: [nameField(language)], message: 'field.tooLong' });
    if (picked(fields, SPLIT_PREFIX).length === 0)
      issues.addIssue({ code: 'custom', path: ['offers'], message: 'field.pickOffers' });
    if (fields.target === 'existing' && !fields.targetId)
      issues.addIssue({ code: 'custom', path: ['targetId'], message: 'field.required' });
    if (fields.target === 'new' && !fields[nameField('en')]?.trim())
      issues.addIssue({ code: 'custom', path: [nameField('en')], message: 'field.required' });
  });

type SplitFields = z.infer<typeof splitForm>;

/** Where the form sends the offers: the id typed in, or the new product's names, brand and category. */
function targetOf(fields: SplitFields): SplitTarget {
  if (fields.target === 'existing') return { kind: 'existing', productId: fields.targetId };
  const names = Object.fromEntries(
    TEXT_LANGUAGES.flatMap((language) => {
      const name = (fields[nameField(language)] ?? '').trim();
      return name ? [[language, name]] : [];
    }),
  );
  return { kind: 'new', names, brandId: fields.brandId, categoryId: fields.categoryId };
}

/**
 * The split of a product's offers page (ADR 060, 065): picked offers, and picked GTINs of the
 * product, move to an existing product or to one the split creates (names per language, brand and
 * category the source's unless changed). The confirm step shows what is created and what moves;
 * destructive (the source is vetoed for the offers), so an old sign-in asks for the password.
 */
export function splitIntent(productId: string) {
  const offersOf = async (context: StaffContext, fields: SplitFields) => {
    const wanted = new Set(picked(fields, SPLIT_PREFIX));
    const moving = (await productOffersForStaff(context.user.id, productId)).filter((row) => wanted.has(row.id));
    if (moving.length !== wanted.size) throw data({ notFound: true }, { status: 404 });
    return moving;
  };
  const sourceOf = async () => {
    const source = await productById(productId, 'en');
    if (!source) throw data({ notFound: true }, { status: 404 });
    return source;
  };
  return intent({
    schema: splitForm,
    destructive: true,
    check: async (fields, _context, t) => {
      const source = await sourceOf();
      if (!picked(fields, GTIN_PREFIX).every((gtin) => source.gtins.includes(gtin)))
        return { gtins: t('field.invalid') };
      if (fields.target === 'existing') {
        if (fields.targetId === productId) return { targetId: t('field.sameProduct') };
        return (await productById(fields.targetId, 'en')) ? null : { targetId: t('field.unknownProduct') };
      }
      const errors: Record<string, string> = {};
      if (fields.brandId && !(await brandById(fields.brandId))) errors.brandId = t('field.unknownBrand');
      if (fields.categoryId && !(await categoryById(fields.categoryId, 'en')))
        errors.categoryId = t('field.unknownCategory');
      return Object.keys(errors).length > 0 ? errors : null;
    },
    summary: async (fields, context, t) => {
      const [source, moving] = await Promise.all([sourceOf(), offersOf(context, fields)]);
      const gtins = picked(fields, GTIN_PREFIX);
      const target = targetOf(fields);
      if (target.kind === 'existing') {
        const existing = await productById(target.productId, 'en');
        const name = `${existing?.name ?? ''} (${target.productId})`;
        return {
          title: t('offers.summary.split', { count: moving.length, target: existing?.name ?? target.productId }),
          changes: moves(source, name, moving, gtins, fields.reason, t),
        };
      }
      const name = target.names.en ?? '';
      const brandId = target.brandId || source.brandId;
      const categoryId = target.categoryId || source.categoryId;
      const [brand, category] = await Promise.all([
        brandId ? brandById(brandId) : null,
        categoryId ? categoryById(categoryId, 'en') : null,
      ]);
      return {
        title: t('offers.summary.splitNew', { count: moving.length, name }),
        facts: [
          ...Object.entries(target.names).map(([language, text]) => ({
            label: t('offers.splitNewName', { language }),
            value: text,
          })),
          { label: t('products.brand'), value: brand?.name ?? '' },
          { label: t('products.category'), value: category?.path.join(' › ') ?? '' },
        ],
        changes: moves(source, t('offers.newProduct', { name }), moving, gtins, fields.reason, t),
      };
    },
    perform: async (fields, context) => {
      const target = targetOf(fields);
      const targetId = await splitOffers(
        context.user.id,
        productId,
        picked(fields, SPLIT_PREFIX),
        picked(fields, GTIN_PREFIX),
        target,
        fields.reason,
      );
      // A new product is shown with the offers it got; an existing target's source page stays.
      const page = target.kind === 'new' ? targetId : productId;
      return `${panelPath('shopping', `products/${encodeURIComponent(page)}/offers`)}?done=1`;
    },
  });
}

/** The confirm step's rows: each offer and GTIN from the source to the target, and the reason. */
function moves(
  source: ProductRow,
  target: string,
  offers: readonly { readonly shop: string; readonly name: string }[],
  gtins: readonly string[],
  reason: string,
  t: Translate,
) {
  return [
    ...offers.map((row) => ({ label: `${row.shop}: ${row.name}`, before: source.name, after: target })),
    ...gtins.map((gtin) => ({ label: t('offers.splitGtin', { gtin }), before: source.name, after: target })),
    { label: t('offers.splitReason'), before: '', after: reason },
  ];
}
