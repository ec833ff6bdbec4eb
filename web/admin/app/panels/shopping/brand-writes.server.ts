import { data } from '@remix-run/node';
import { z } from 'zod';
import { panelPath } from '../../panels/panels';
import { brandById, updateBrand, type BrandRow } from '../../services/brands.server';
import { intent } from '../../writes/staff-write.server';

const brandEdit = z.object({
  version: z.coerce.number({ message: 'field.number' }).int('field.number').min(0, 'field.number'),
  name: z.string().trim().min(1, 'field.required').max(200, 'field.tooLong'),
  slug: z.string().trim().min(1, 'field.required').max(200, 'field.tooLong'),
  homepageUrl: z.string().trim().max(2_000, 'field.tooLong').default(''),
});

/** The brand a page shows (404 for an id catalog does not know). */
export async function brandOf(brandId: string): Promise<BrandRow> {
  const brand = await brandById(brandId);
  if (!brand) throw data({ notFound: true }, { status: 404 });
  return brand;
}

/** The brand page's write: name, slug (its page's address) and homepage; catalog checks staff:shopping and audits it. */
export function brandWrites(brandId: string) {
  return {
    update: intent({
      schema: brandEdit,
      summary: async (edit, _context, t) => {
        const brand = await brandOf(brandId);
        return {
          title: t('brands.summary.update', { name: brand.name }),
          changes: [
            { label: t('brands.name'), before: brand.name, after: edit.name },
            { label: t('brands.slug'), before: brand.slug, after: edit.slug },
            { label: t('brands.homepage'), before: brand.homepageUrl, after: edit.homepageUrl },
          ].filter((row) => row.before !== row.after),
        };
      },
      perform: async (edit, context) => {
        await updateBrand(context.user.id, brandId, edit.version, edit);
        return `${panelPath('shopping', `brands/${encodeURIComponent(brandId)}`)}?done=1`;
      },
    }),
  };
}
