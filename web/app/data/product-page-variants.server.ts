import type { ProductVariant } from '@pc/proto/catalog/v1/catalog';
import { lookUpPrices } from '~/api/endpoints/product-prices.server';
import { moneyJson, type MoneyJson } from '~/api/mappers/money.server';
import { sitePaths } from '~/api/mappers/site-paths.server';
import { listProductVariants } from '~/services/catalog.server';
import { modelTags } from '~/site/cache-headers';
import type { SiteContext } from '~/site/site-context.server';
import { productPageParts } from './product-page-parts.server';
import { apiLocaleOf } from './site-locale.server';

/** One attribute a variant differs in: "colour", "storage", "capacity", "pack" or "size". */
export interface VariantValue {
  readonly attribute: string;
  readonly value: string;
}

/** One chip of the product page's variants block. */
export interface VariantChip {
  readonly id: string;
  readonly route: string;
  readonly name: string;
  /** What tells it apart ("256 GB", "Black"), in the order catalog names its attributes. */
  readonly label: string;
  /** The same values by attribute ("storage": "256 GB"), for the page's structured data. */
  readonly values: readonly VariantValue[];
  readonly current: boolean;
  /** Its lowest price in the visitor's country; null without an offer there or when unknown. */
  readonly price: MoneyJson | null;
}

/** Its values ("256 GB · Black"); its name where its own name states none (a product listed
 *  without the value its variants give). */
const label = (variant: ProductVariant): string =>
  variant.attributes.map((value) => value.value).join(' · ') || variant.name;

/** The variants block: its chips ([] when the product has none) and the model they share. */
export interface ProductVariantsBlock {
  readonly chips: VariantChip[];
  /** '' when the product has no model. */
  readonly modelKey: string;
}

/**
 * The product's variants with their lowest prices (ADR 138): one catalog call, then one batched
 * price call for all of them, kept in the product page's parts while no variant changes (its
 * ProductChanged, its offers' events name `product:<id>`) and no product joins or leaves the model
 * (ProductCreated and ProductChanged name `model:<key>`). Kept only when the prices were known.
 */
export function productVariants(context: SiteContext, productId: string): Promise<ProductVariantsBlock> {
  const locale = apiLocaleOf(context);
  return productPageParts
    .read(
      `variants|${productId}|${locale.id}|${locale.language}|${locale.currency}`,
      async () => {
        const { variants, modelKey } = await listProductVariants(productId, locale.language);
        if (variants.length === 0) return { chips: [], modelKey, complete: true };
        const prices = await lookUpPrices(
          variants.map((variant) => variant.productId),
          locale,
        );
        const chips = variants.map((variant) => {
          const knowledge = prices.of(variant.productId);
          return {
            id: variant.productId,
            route: sitePaths.product(locale.id, variant.slug, variant.productId),
            name: variant.name,
            label: label(variant),
            values: variant.attributes.map(({ attribute, value }) => ({ attribute, value })),
            current: variant.current,
            price: knowledge.known ? moneyJson(knowledge.summary?.lowestPrice) : null,
          };
        });
        return { chips, modelKey, complete: prices.known };
      },
      ({ chips, modelKey, complete }) =>
        complete
          ? [`product:${productId}`, ...chips.map((chip) => `product:${chip.id}`), ...modelTags(modelKey)]
          : null,
      { evented: true },
    )
    .then(({ chips, modelKey }) => ({ chips, modelKey }));
}
