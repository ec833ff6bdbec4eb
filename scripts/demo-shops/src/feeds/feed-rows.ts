import type { DemoOffer } from '../world/demo-world.js';
import type { LiveOffer } from '../world/live-market.js';

/** A listed offer with its state at the moment the feed is asked for. */
export interface FeedEntry {
  readonly item: DemoOffer;
  readonly live: LiveOffer;
  /** Absolute product-page URL on the shop's site. */
  readonly url: string;
}
