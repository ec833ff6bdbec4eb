import { RpcError } from '@pc/kit/errors/grpc-errors';
import { batchGetProducts } from '~/services/catalog.server';
import { clickStatsView, type ShopClicksView } from '~/services/affiliates.server';

/** A shop's click statistics with the top products named, as the dashboard shows them. */
export interface ShopClickStats extends ShopClicksView {
  /** Product names by id in `language` (a product the catalogue no longer has is left out). */
  readonly productNames: Readonly<Record<string, string>>;
}

/**
 * The click statistics of an owner's shops for the business dashboard (issue 41): clickStatsView
 * (affiliates checks the actor owns every shop or is an admin; its RpcError reaches the route),
 * with the top products' names from the catalogue in one batch call. Names are a nicety: a
 * catalogue that cannot answer leaves them out and the ids stand.
 *
 *   const stats = await ownerClickStats(user.id, shopIds, { language: site.language, days: 30 });
 *
 * `month` and `topProducts` (≤ 100) pick the month of the product top list and country split
 * and the list's length (the click report, data/click-report.server.ts).
 */
export async function ownerClickStats(
  actorUserId: string,
  shopIds: readonly string[],
  options: { language: string; days?: number; timeZone?: string; now?: Date; month?: string; topProducts?: number },
): Promise<ShopClickStats[]> {
  const views = await clickStatsView(actorUserId, shopIds, options);
  const names = await productNames(
    views.flatMap((view) => view.topProducts.map((p) => p.productId)),
    options.language,
  );
  return views.map((view) => ({
    ...view,
    productNames: Object.fromEntries(
      view.topProducts.filter((p) => names[p.productId]).map((p) => [p.productId, names[p.productId]!]),
    ),
  }));
}

/** BatchGetProducts' most ids per call. */
const NAMES_PER_CALL = 100;

/**
 * Product names by id in `language`, in batch calls of 100 (a month's whole product list can be
 * thousands). Names are a nicety: a product the catalogue no longer has, or a catalogue that
 * cannot answer, leaves the id without a name.
 */
export async function productNames(productIds: readonly string[], language: string): Promise<Record<string, string>> {
  const ids = [...new Set(productIds)];
  const batches = Array.from({ length: Math.ceil(ids.length / NAMES_PER_CALL) }, (_, i) =>
    ids.slice(i * NAMES_PER_CALL, (i + 1) * NAMES_PER_CALL),
  );
  const products = await Promise.all(
    batches.map((batch) =>
      batchGetProducts(batch, language).catch((error: unknown) => {
        if (error instanceof RpcError) return [];
        throw error;
      }),
    ),
  );
  return Object.fromEntries(products.flat().map((product) => [product.id, product.name]));
}
