import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import type { CatalogServiceService, StreamProductsResponse } from '@pc/proto/catalog/v1/catalog';
import { FALLBACK_LANGUAGE } from '../domain/localized.js';
import { productTexts, toProductMessage } from '../domain/product-message.js';
import type { ProductRelationsLoader } from '../store/product-relations.js';
import type { ProductRepository, StreamPosition } from '../store/product-repository.js';
import type { StaffCheck } from '@pc/staff-access/staff-check';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

/** Products read (and held in memory) per page of the stream. */
const STREAM_PAGE = 500;

/**
 * Every product changed after a time, oldest change first, with all translations (search's
 * rebuild, exports). Read page by page from a (updatedAt, id) position, so memory stays flat and a
 * product written meanwhile is not skipped: it moves to the end of the stream. A bulk read of the
 * whole table, hidden products included: the caller needs staff:infrastructure (ADR 061), checked
 * here rather than trusted to the admin app; a service the call graph grants the RPC passes.
 */
export function streamProductsHandler(
  products: ProductRepository,
  relations: ProductRelationsLoader,
  staff: StaffCheck,
): Pick<Handlers, 'streamProducts'> {
  return {
    async *streamProducts(request, context): AsyncIterable<StreamProductsResponse> {
      await staff.require(request.actorUserId.trim(), 'streaming every product', 'infrastructure');
      let position: StreamPosition | null = request.updatedAfter
        ? { updatedAt: request.updatedAfter.toISOString(), id: null }
        : null;
      for (;;) {
        if (context.signal.aborted) return;
        const page = await products.streamPage(position, request.includeInactive, STREAM_PAGE);
        if (page.length === 0) return;
        const relationsOf = await relations.load(page);
        for (const product of page) {
          yield {
            product: toProductMessage(product, FALLBACK_LANGUAGE, relationsOf(product)),
            texts: productTexts(product),
          };
        }
        const last = page[page.length - 1]!;
        position = { updatedAt: last.updatedAt, id: last._id };
        if (page.length < STREAM_PAGE) return;
      }
    },
  };
}
