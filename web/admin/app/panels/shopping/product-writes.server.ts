import { data } from '@remix-run/node';
import { z } from 'zod';
import { panelPath } from '../../panels/panels';
import { productById, updateProduct, type ProductRow } from '../../services/catalog.server';
import {
  attributesOf,
  attributesText,
  galleryOf,
  imageUrlsOf,
  isHttpUrl,
  MAX_ATTRIBUTES,
  MAX_IMAGES,
  type Attribute,
} from './product-lists';
import { isTextLanguage, TEXT_LANGUAGES, type TextLanguage } from './text-languages';
import { intent } from '../../writes/staff-write.server';

/** GTINs as staff type them: separated by commas, spaces or lines; catalog checks each one's digits. */
const splitGtins = (value: string): string[] =>
  value
    .split(/[\s,;]+/)
    .map((gtin) => gtin.trim())
    .filter(Boolean);

const productEdit = z.object({
  language: z.enum(TEXT_LANGUAGES, { message: 'field.invalid' }),
  version: z.coerce.number({ message: 'field.number' }).int('field.number').min(0, 'field.number'),
  name: z.string().trim().min(1, 'field.required').max(300, 'field.tooLong'),
  description: z.string().trim().max(20_000, 'field.tooLong').default(''),
  mpn: z.string().trim().max(70, 'field.tooLong').default(''),
  manufacturer: z.string().trim().max(200, 'field.tooLong').default(''),
  gtins: z
    .string()
    .default('')
    .refine((value) => splitGtins(value).every((gtin) => /^\d{8,14}$/.test(gtin)), 'field.gtins')
    .refine((value) => splitGtins(value).length <= 20, 'field.invalid'),
  images: z
    .string()
    .default('')
    .refine((value) => imageUrlsOf(value).every(isHttpUrl), 'field.url')
    .refine((value) => imageUrlsOf(value).length <= MAX_IMAGES, 'field.tooMany'),
  attributes: z
    .string()
    .default('')
    .refine((value) => attributesOf(value).every(Boolean), 'field.attributes')
    .refine((value) => attributesOf(value).length <= MAX_ATTRIBUTES, 'field.tooMany'),
});

/** The text language a product page edits (`?language=de`), English when absent or unknown. */
export const textLanguageOf = (url: URL): TextLanguage => {
  const asked = url.searchParams.get('language') ?? '';
  return isTextLanguage(asked) ? asked : 'en';
};

/** The product a page shows (404 for an id catalog does not know). */
export async function productOf(productId: string, language: TextLanguage): Promise<ProductRow> {
  const product = await productById(productId, language);
  if (!product) throw data({ notFound: true }, { status: 404 });
  return product;
}

/** Reviews a product's page shows, newest first (deleted with a reason in the review queue). */
export const REVIEWS_SHOWN = 20;

/** The writes of a product's page in the shopping panel; catalog checks staff:shopping and audits each. */
export function productWrites(productId: string) {
  return {
    update: intent({
      schema: productEdit,
      summary: async (edit, _context, t) => {
        const product = await productOf(productId, edit.language);
        // A language without texts of its own shows the fallback's: its "before" is empty.
        const own = product.language === edit.language;
        const change = (label: string, before: string, after: string) => ({ label, before, after });
        return {
          title: t('products.summary.update', { name: product.name, language: edit.language }),
          changes: [
            change(t('products.name'), own ? product.name : '', edit.name),
            change(t('products.description'), own ? product.description : '', edit.description),
            change(t('products.mpn'), product.mpn, edit.mpn),
            change(t('products.manufacturer'), product.manufacturer, edit.manufacturer),
            change(t('products.gtins'), product.gtins.join(', '), splitGtins(edit.gtins).join(', ')),
            change(
              t('products.images'),
              product.images.map((image) => image.src).join('\n'),
              imageUrlsOf(edit.images).join('\n'),
            ),
            change(
              t('products.attributes'),
              attributesText(product.attributes),
              attributesText(attributesOf(edit.attributes).filter((item): item is Attribute => item !== null)),
            ),
          ].filter((row) => row.before !== row.after),
        };
      },
      perform: async (edit, context) => {
        // A list is sent only when staff changed it: saving a name never rewrites the gallery.
        const product = await productOf(productId, edit.language);
        const urls = imageUrlsOf(edit.images);
        const attributes = attributesOf(edit.attributes).filter((item): item is Attribute => item !== null);
        const sameImages = urls.join('\n') === product.images.map((image) => image.src).join('\n');
        const sameAttributes = attributesText(attributes) === attributesText(product.attributes);
        await updateProduct(context.user.id, productId, edit.version, {
          ...edit,
          gtins: splitGtins(edit.gtins),
          images: sameImages ? undefined : galleryOf(urls, product.images),
          attributes: sameAttributes ? undefined : attributes,
        });
        return `${panelPath('shopping', `products/${encodeURIComponent(productId)}`)}?language=${edit.language}&done=1`;
      },
    }),
  };
}
