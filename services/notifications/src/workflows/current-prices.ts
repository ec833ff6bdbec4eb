import type { GetProductPriceSummariesRequest, GetProductPriceSummariesResponse } from '@pc/proto/offers/v1/offers';
import type { PricePicture } from '../domain/alert-record.js';

export interface SummariesCall {
  getProductPriceSummaries(request: GetProductPriceSummariesRequest): Promise<GetProductPriceSummariesResponse>;
}

/** A product's current price picture in a country, asked of offers (a new alert's reference). */
export class CurrentPrices {
  constructor(private readonly offers: SummariesCall) {}

  async of(productId: string, country: string): Promise<PricePicture> {
    const { summaries } = await this.offers.getProductPriceSummaries({
      productIds: [productId],
      country,
      displayCurrency: '',
    });
    const summary = summaries[0];
    if (!summary?.lowestPrice) return { lowest: null, inStockOffers: summary?.inStockOffersCount ?? 0 };
    return {
      lowest: { amountMinor: summary.lowestPrice.amountMinor, currency: summary.lowestPrice.currency },
      inStockOffers: summary.inStockOffersCount,
    };
  }
}
