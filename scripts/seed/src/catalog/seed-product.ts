import type { DayNumber } from '../calendar/days.js';
import type { Brand } from './brands.js';
import type { Localized } from './localized.js';
import type { ProductTemplate } from './product-templates.js';

/** One product of the generated universe: what its manufacturer would publish about it. */
export interface SeedProduct {
  readonly index: number;
  readonly template: ProductTemplate;
  readonly brand: Brand;
  /** e.g. "SoundArc 700 ANC". */
  readonly model: string;
  /** The variant of its family (colour or capacity), localised; null for single-variant products. */
  readonly variant: Localized | null;
  readonly variantCode: string;
  /** GTIN-13 with a valid check digit, unique in the universe. */
  readonly gtin: string;
  readonly mpn: string;
  readonly features: readonly { readonly group: string; readonly name: string; readonly value: string }[];
  /** Ids of its placeholder images, main image first. */
  readonly imageIds: readonly string[];
  readonly launchDay: DayNumber;
  readonly launchPriceEur: number;
  readonly declinePerYear: number;
  /** 0..1: drives how many shops list it and how many reviews it gets. */
  readonly popularity: number;
  /** How many offers (shop × country) it has: 2..10. */
  readonly offerCount: number;
}
