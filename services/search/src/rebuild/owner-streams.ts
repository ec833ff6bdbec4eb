import { UnavailableError } from '@pc/kit/errors/domain-errors';
import { createServiceClient, type ServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService, type StreamProductsResponse } from '@pc/proto/catalog/v1/catalog';
import { OffersServiceService } from '@pc/proto/offers/v1/offers';
import type { ProductPriceSummary } from '@pc/proto/offers/v1/types';

/** What a rebuild reads of the owners: every product catalog holds, every price summary offers holds. */
export interface OwnerStreams {
  /** Catalog's StreamProducts, hidden and merged products included (they must leave the index). */
  products(signal: AbortSignal): AsyncIterable<StreamProductsResponse>;
  /** Offers' StreamProductPriceSummaries of every country, summaries without offers included. */
  priceSummaries(signal: AbortSignal): AsyncIterable<ProductPriceSummary>;
}

/** A whole table's read: bounded by the owner falling silent, not by its length. */
const STREAM_DEADLINE_MS = 24 * 3_600_000;
/** An owner that sends nothing for this long is taken as gone (the rebuild fails and is retried). */
const IDLE_MS = 60_000;

/** The owners' streams over gRPC at their addresses (CATALOG_GRPC_ADDR, OFFERS_GRPC_ADDR). */
export function connectOwnerStreams(catalogAddress: string, offersAddress: string): OwnerStreams {
  return ownerStreamsOf(
    createServiceClient(CatalogServiceService, catalogAddress),
    createServiceClient(OffersServiceService, offersAddress),
  );
}

/**
 * The owners' streams through these clients. Called from the rebuild job, they sign as search
 * with no user (ADR 068): catalog's StreamProducts lets a service the call graph grants it
 * through, offers' price summaries are public.
 */
export function ownerStreamsOf(
  catalog: ServiceClient<typeof CatalogServiceService>,
  offers: ServiceClient<typeof OffersServiceService>,
  idleMs = IDLE_MS,
): OwnerStreams {
  return {
    products: (signal) =>
      watched("catalog's StreamProducts", signal, idleMs, (call) =>
        catalog.streamProducts(
          { updatedAfter: undefined, includeInactive: true, actorUserId: '' },
          { signal: call, deadlineMs: STREAM_DEADLINE_MS },
        ),
      ),
    priceSummaries: (signal) =>
      summariesOf(
        watched("offers' StreamProductPriceSummaries", signal, idleMs, (call) =>
          offers.streamProductPriceSummaries(
            { updatedAfter: undefined, country: '' },
            { signal: call, deadlineMs: STREAM_DEADLINE_MS },
          ),
        ),
      ),
  };
}

async function* summariesOf(
  messages: AsyncIterable<{ readonly summary?: ProductPriceSummary | undefined }>,
): AsyncIterable<ProductPriceSummary> {
  for await (const message of messages) if (message.summary) yield message.summary;
}

/**
 * The messages of a stream opened by `open`, cancelled when `signal` aborts or when no message
 * came for `idleMs`; every failure names the stream, so the job's error tells which owner failed.
 */
async function* watched<T>(
  name: string,
  signal: AbortSignal,
  idleMs: number,
  open: (signal: AbortSignal) => AsyncIterable<T>,
): AsyncIterable<T> {
  signal.throwIfAborted();
  const call = new AbortController();
  const cancel = (): void => call.abort();
  signal.addEventListener('abort', cancel, { once: true });
  let idle = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      call.abort();
    }, idleMs);
  };
  try {
    arm();
    for await (const message of open(call.signal)) {
      // The rebuild's time with a message is not the owner's silence.
      clearTimeout(timer);
      yield message;
      arm();
    }
  } catch (error) {
    signal.throwIfAborted();
    if (idle) throw new UnavailableError(`${name} sent nothing for ${Math.round(idleMs / 1000)} s`);
    throw new UnavailableError(`${name} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
}
