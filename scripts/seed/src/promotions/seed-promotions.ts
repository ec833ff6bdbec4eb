import type { SeedShop } from '../shops/seed-shop.js';
import type { CountryCode } from '../shops/countries.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A promotion the seed creates, before the shop's id is known. */
export interface SeedPromotion {
  readonly shopIndex: number;
  readonly title: string;
  readonly description: string;
  readonly code: string;
  readonly discountPercent: number;
  readonly country: CountryCode;
  readonly language: string;
  readonly url: string;
  readonly startsAt: Date;
  /** null: open-ended. */
  readonly endsAt: Date | null;
}

interface Template {
  readonly key: string;
  readonly titles: Readonly<Record<string, string>>;
  readonly discountPercent: number;
  readonly code: string;
  /** Offsets from the anchor day; end null for open-ended. */
  readonly startMs: number;
  readonly endMs: number | null;
}

/**
 * Four kinds of promotion per country, so the promotions page shows every case of spec §4: one
 * running for days (countdown "in n days"), one ending within a day (the clock form), one
 * open-ended, one scheduled ("starts on").
 */
const TEMPLATES: readonly Template[] = [
  {
    key: 'week',
    titles: {
      en: '15% off audio this week',
      de: '15 % auf Audio diese Woche',
      fr: '15 % sur l’audio cette semaine',
      it: '15% sull’audio questa settimana',
    },
    discountPercent: 15,
    code: 'AUDIO15',
    startMs: -3 * DAY,
    endMs: 5 * DAY,
  },
  {
    key: 'flash',
    titles: {
      en: 'Flash sale: today only',
      de: 'Blitzangebote: nur heute',
      fr: 'Vente flash : aujourd’hui seulement',
      it: 'Offerte lampo: solo oggi',
    },
    discountPercent: 25,
    code: '',
    startMs: -6 * HOUR,
    endMs: DAY + 20 * HOUR,
  },
  {
    key: 'delivery',
    titles: {
      en: 'Free delivery on every order',
      de: 'Gratis Lieferung auf jede Bestellung',
      fr: 'Livraison gratuite sur chaque commande',
      it: 'Consegna gratuita su ogni ordine',
    },
    discountPercent: 0,
    code: '',
    startMs: -10 * DAY,
    endMs: null,
  },
  {
    key: 'season',
    titles: {
      en: 'Season sale starts soon',
      de: 'Saison-Sale startet bald',
      fr: 'Les soldes de saison arrivent',
      it: 'I saldi di stagione stanno arrivando',
    },
    discountPercent: 30,
    code: 'SEASON30',
    startMs: 4 * DAY,
    endMs: 14 * DAY,
  },
];

/**
 * The seed's promotions: per country, the four kinds spread over the first shops based there
 * (by index, so the same run makes the same promotions), anchored at the start of `anchorDay`
 * (UTC) so reruns the same day ask for the same times.
 */
export function seedPromotions(shops: readonly SeedShop[], anchor: Date): SeedPromotion[] {
  const byCountry = new Map<CountryCode, SeedShop[]>();
  for (const shop of shops) byCountry.set(shop.country, [...(byCountry.get(shop.country) ?? []), shop]);
  const day = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate());
  return [...byCountry.entries()].flatMap(([country, local]) =>
    TEMPLATES.map((template, i) => {
      const shop = local[i % Math.min(local.length, 3)] as SeedShop;
      const language = template.titles[shop.language] ? shop.language : 'en';
      const title = template.titles[language] ?? template.key;
      return {
        shopIndex: shop.index,
        title,
        description: `${shop.name}: ${title}.`,
        code: template.code,
        discountPercent: template.discountPercent,
        country,
        language,
        url: `${shop.homepageUrl.replace(/\/$/, '')}/promotions/${template.key}`,
        startsAt: new Date(day + template.startMs),
        endsAt: template.endMs === null ? null : new Date(day + template.endMs),
      };
    }),
  );
}
